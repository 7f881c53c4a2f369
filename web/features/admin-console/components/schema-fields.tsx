import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import type { FieldSpec, InputValue } from '../lib/schema-fields.ts';

// Inputs for any zod object (a filter, an entity's form, a typed request's props), each with the
// server's ValidationError message for its field beside it.

export type Inputs = Record<string, InputValue>;
export type FieldErrors = Record<string, string>;

/** The server's ValidationError as messages per field (`body.name` -> name); '' holds the rest. */
export function fieldErrors(error: unknown, fields: readonly string[]): FieldErrors {
  if (!(error instanceof ApiError)) return { '': error instanceof Error ? error.message : String(error) };
  const errors: FieldErrors = {};
  const details = Array.isArray(error.details) ? (error.details as Array<{ path?: unknown; message?: unknown }>) : [];
  for (const detail of details) {
    const path = String(detail.path ?? '').replace(/^body\.?/, '');
    const field = path.split('.')[0] ?? '';
    const key = fields.includes(field) ? field : '';
    const message = key === field ? String(detail.message ?? '') : `${path}: ${String(detail.message ?? '')}`;
    errors[key] = errors[key] ? `${errors[key]}; ${message}` : message;
  }
  if (Object.keys(errors).length === 0) errors[''] = [error.kind, error.serverMessage ?? error.message].filter(Boolean).join(': ');
  return errors;
}

function FieldInput({ spec, value, onChange, id }: { spec: FieldSpec; value: InputValue; onChange: (value: InputValue) => void; id: string }) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  switch (spec.kind) {
    case 'boolean':
    case 'enum': {
      const options = spec.kind === 'boolean' ? ['true', 'false'] : spec.options;
      const label = (option: string) => (spec.kind === 'boolean' ? t(option === 'true' ? 'Yes' : 'No') : option);
      return (
        <select id={id} value={text} onChange={(e) => onChange(e.target.value)}>
          {(!spec.required || spec.nullable || text === '') && <option value="">–</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {label(option)}
            </option>
          ))}
        </select>
      );
    }
    case 'enumList': {
      const picked = Array.isArray(value) ? value : [];
      return (
        <span id={id} className="console-choices">
          {spec.options.map((option) => (
            <label key={option}>
              <input type="checkbox" checked={picked.includes(option)} onChange={(e) => onChange(e.target.checked ? [...picked, option] : picked.filter((p) => p !== option))} />
              {option}
            </label>
          ))}
        </span>
      );
    }
    case 'date':
      return <input id={id} type="date" value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'datetime':
      return <input id={id} type="datetime-local" value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'number':
      // Text, not type=number: what was typed reaches the server as typed, and its error names it.
      return <input id={id} inputMode="numeric" value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'numberList':
    case 'textList':
      return <input id={id} value={text} placeholder="1, 2, 3" onChange={(e) => onChange(e.target.value)} />;
    default:
      return <input id={id} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}

export function SchemaFields({
  specs,
  inputs,
  onChange,
  errors,
  prefix,
}: {
  specs: readonly FieldSpec[];
  inputs: Inputs;
  onChange: (key: string, value: InputValue) => void;
  errors: FieldErrors;
  prefix: string;
}) {
  return (
    <div className="console-fields">
      {specs.map((spec) => {
        const id = `${prefix}-${spec.key}`;
        return (
          <div key={spec.key} className={errors[spec.key] ? 'console-field invalid' : 'console-field'} data-testid={`field-${spec.key}`}>
            <label htmlFor={id}>
              {spec.key}
              {spec.required ? ' *' : ''}
            </label>
            <FieldInput spec={spec} id={id} value={inputs[spec.key] ?? ''} onChange={(value) => onChange(spec.key, value)} />
            {errors[spec.key] && (
              <span className="console-field-error" role="alert" data-testid={`error-${spec.key}`}>
                {errors[spec.key]}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
