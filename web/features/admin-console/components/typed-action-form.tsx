import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { runTypedRequest } from '../api/admin-console-api.ts';
import { fieldSpecs, fromInput, toInput } from '../lib/schema-fields.ts';
import type { TypedAction } from '../lib/typed-actions.ts';
import { fieldErrors, SchemaFields, type FieldErrors, type Inputs } from './schema-fields.tsx';

/** One typed request (POST /api/requests/{type}) with a form drawn from its props schema. */
export function TypedActionForm({ action, rowId, onDone }: { action: TypedAction; rowId: number | string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const specs = useMemo(() => fieldSpecs(action.props), [action.props]);
  const [inputs, setInputs] = useState<Inputs>(() =>
    Object.fromEntries(
      specs.map((spec) => {
        const prefill = spec.key === action.rowField && rowId !== null ? (spec.kind === 'numberList' ? [rowId] : rowId) : undefined;
        return [spec.key, toInput(spec, prefill)];
      }),
    ),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    const body: Record<string, unknown> = {};
    for (const spec of specs) {
      const value = fromInput(spec, inputs[spec.key] ?? '');
      if (value !== undefined) body[spec.key] = value;
    }
    setBusy(true);
    setAnswer(null);
    try {
      const result = await runTypedRequest(action.type, body);
      setErrors({});
      setAnswer(JSON.stringify(result));
      onDone();
    } catch (error) {
      const errors = fieldErrors(error, specs.map((s) => s.key));
      // A request the server does not permit the operator says so in words, not only as a kind.
      if (error instanceof ApiError && error.kind === 'AccessDenied') errors[''] = t('Refused: you may not run this request. {{reason}}', { reason: error.serverMessage ?? '' }).trim();
      setErrors(errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="console-form console-action"
      data-testid={`action-${action.type}`}
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <h4>{action.type}</h4>
      {errors[''] && <Alert kind="error">{errors['']}</Alert>}
      <SchemaFields specs={specs} inputs={inputs} errors={errors} prefix={`action-${action.type}`} onChange={(key, value) => setInputs((old) => ({ ...old, [key]: value }))} />
      <button type="submit" disabled={busy}>
        {t('Run')}
      </button>
      {answer !== null && (
        <output className="console-answer" data-testid="action-answer" aria-live="polite">
          {t('Done: {{answer}}', { answer })}
        </output>
      )}
    </form>
  );
}
