import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import type { EntitySchemas } from '../../../../schemas/api/back-office/entity-schema.ts';
import { changeEntity, createEntity, type Row } from '../api/admin-console-api.ts';
import { fieldSpecs, fromInput, toInput } from '../lib/schema-fields.ts';
import { fieldErrors, SchemaFields, type FieldErrors, type Inputs } from './schema-fields.tsx';

/**
 * Create (row null) or change a row, with inputs drawn from the entity's create or change schema.
 * A change sends only the fields edited here: the pattern keeps those left out.
 */
export function EntityForm({ schemas, row, onSaved }: { schemas: EntitySchemas; row: Row | null; onSaved: (row: Row) => void }) {
  const { t } = useTranslation();
  const schema = row ? schemas.change : schemas.create;
  const specs = useMemo(() => (schema ? fieldSpecs(schema).filter((s) => schemas.writable.includes(s.key)) : []), [schema, schemas.writable]);
  const initial = useMemo(() => Object.fromEntries(specs.map((s) => [s.key, toInput(s, row ? row[s.key] : s.key === 'active' ? true : undefined)])) as Inputs, [specs, row]);
  const [inputs, setInputs] = useState<Inputs>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function save() {
    const body: Record<string, unknown> = {};
    for (const spec of specs) {
      const input = inputs[spec.key] ?? '';
      if (row && JSON.stringify(input) === JSON.stringify(initial[spec.key])) continue;
      const value = fromInput(row ? { ...spec, required: true } : spec, input);
      if (value !== undefined) body[spec.key] = value;
    }
    setBusy(true);
    try {
      const saved = row ? await changeEntity(schemas, row.id, body) : await createEntity(schemas, body);
      setErrors({});
      onSaved(saved);
    } catch (error) {
      setErrors(fieldErrors(error, schemas.writable));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="console-form"
      data-testid="entity-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h4>{row ? t('Edit row {{id}}', { id: row.id }) : t('New row')}</h4>
      {errors[''] && <Alert kind="error">{errors['']}</Alert>}
      <SchemaFields specs={specs} inputs={inputs} errors={errors} prefix={`form-${schemas.name}`} onChange={(key, value) => setInputs((old) => ({ ...old, [key]: value }))} />
      <button type="submit" disabled={busy} data-testid="save-entity">
        {t('Save')}
      </button>
    </form>
  );
}
