import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import type { ConsoleEntity } from '../../../../schemas/api/back-office/all-entities.ts';
import { queryEntity, type Row } from '../api/admin-console-api.ts';
import { cellText, fieldSpecs, fromInput } from '../lib/schema-fields.ts';
import { typedActions } from '../lib/typed-actions.ts';
import { EntityForm } from './entity-form.tsx';
import { EntityHistory } from './entity-history.tsx';
import { fieldErrors, SchemaFields, type FieldErrors, type Inputs } from './schema-fields.tsx';
import { TypedActionForm } from './typed-action-form.tsx';

const pageSize = 50;

type Tab = 'form' | 'history' | 'actions' | 'details';

const tabLabels: Record<Tab, string> = { form: 'Edit', history: 'History', actions: 'Actions', details: 'Details' };

/** One entity: its filter (the query schema's fields), the paged and sorted list, and the chosen row's form, history and actions. */
export function EntityView({ entry }: { entry: ConsoleEntity }) {
  const { t } = useTranslation();
  const { schemas, auditTable } = entry;
  const filterSpecs = useMemo(() => fieldSpecs(schemas.query, ['offset', 'limit', 'sort']), [schemas.query]);
  const columns = useMemo(() => Object.keys(schemas.entity.shape), [schemas.entity]);
  const actions = typedActions[schemas.name] ?? [];

  const [filter, setFilter] = useState<Inputs>({});
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const [sort, setSort] = useState(schemas.sorts[0] ?? '');
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<{ items: Row[]; totalCount: number } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The row in the side panel: null for none, 'new' for a create form.
  const [selected, setSelected] = useState<Row | 'new' | null>(null);
  const [tab, setTab] = useState<Tab>('form');
  // The one action whose form is open: an entity may have a dozen, and one form at a time stays readable.
  const [actionType, setActionType] = useState<string | null>(null);
  const shownAction = actions.find((action) => action.type === actionType) ?? actions[0];
  // Bumped on every save or action, so the list and the history read again.
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    try {
      const body = { ...applied, ...(sort ? { sort } : {}), offset, limit: pageSize };
      setList(await queryEntity(schemas, body));
      setErrors({});
    } catch (error) {
      setList({ items: [], totalCount: 0 });
      setErrors(fieldErrors(error, filterSpecs.map((s) => s.key)));
    }
  }, [applied, sort, offset, schemas, filterSpecs]);

  useEffect(() => {
    void load();
  }, [load, version]);

  function applyFilter() {
    const body: Record<string, unknown> = {};
    for (const spec of filterSpecs) {
      // In a filter an empty input means "not filtered", never null.
      const value = fromInput({ ...spec, nullable: false, required: false }, filter[spec.key] ?? '');
      if (value !== undefined) body[spec.key] = value;
    }
    setOffset(0);
    setApplied(body);
  }

  const row = selected === 'new' ? null : selected;
  const tabs: Tab[] = [
    ...(schemas.change ? (['form'] as const) : []),
    ...(auditTable ? (['history'] as const) : []),
    ...(actions.length > 0 ? (['actions'] as const) : []),
    // The whole row, uncut: the list shortens long values, and read models have no form.
    'details',
  ];
  // Without a row only the actions can do anything (adding timings, say).
  const shownTab = !row && actions.length > 0 ? 'actions' : tabs.includes(tab) ? tab : tabs[0];
  const total = list?.totalCount ?? 0;

  return (
    <div className="console-entity" data-testid={`entity-view-${schemas.name}`}>
      <h3>{schemas.name}</h3>
      {!schemas.create && <p className="console-note">{t('Read only: its changes come from its own commands.')}</p>}
      <form
        className="console-filter"
        data-testid="entity-filter"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilter();
        }}
      >
        <SchemaFields specs={filterSpecs} inputs={filter} errors={errors} prefix={`filter-${schemas.name}`} onChange={(key, value) => setFilter((old) => ({ ...old, [key]: value }))} />
        <label>
          {t('Sort')}{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value)} data-testid="entity-sort">
            {schemas.sorts.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('Filter')}</button>
        {schemas.create && (
          <button type="button" data-testid="new-entity" onClick={() => (setSelected('new'), setTab('form'))}>
            {t('New')}
          </button>
        )}
      </form>
      {errors[''] && <Alert kind="error">{errors['']}</Alert>}
      <div className="console-pager">
        <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))}>
          {t('Previous')}
        </button>
        <span data-testid="entity-count">
          {list ? t('Rows {{from}}–{{to}} of {{total}}', { from: total === 0 ? 0 : offset + 1, to: offset + list.items.length, total }) : t('Loading...')}
        </span>
        <button type="button" disabled={offset + pageSize >= total} onClick={() => setOffset(offset + pageSize)}>
          {t('Next')}
        </button>
      </div>
      <div className="console-main">
        <div className="console-list">
          <table className="console-table" data-testid="entity-list">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list?.items.map((item) => (
                <tr
                  key={String(item.id)}
                  data-testid="entity-row"
                  className={row && row.id === item.id ? 'selected' : undefined}
                  onClick={() => setSelected(item)}
                >
                  {columns.map((column) => (
                    <td key={column}>{cellText(item[column])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {list && list.items.length === 0 && <p>{t('No rows')}</p>}
        </div>
        {(selected !== null || actions.some((action) => !action.rowField)) && (
          <aside className="console-detail" data-testid="entity-detail">
            {selected === 'new' ? (
              <EntityForm key={`new-${version}`} schemas={schemas} row={null} onSaved={(saved) => (setSelected(saved), setVersion((v) => v + 1))} />
            ) : (
              <>
                <div className="console-tabs" role="tablist">
                  {tabs.map((name) => (
                    <button key={name} type="button" role="tab" aria-selected={shownTab === name} data-testid={`tab-${name}`} onClick={() => setTab(name)}>
                      {t(tabLabels[name])}
                    </button>
                  ))}
                </div>
                {row && shownTab === 'details' && (
                  <dl className="console-details" data-testid="entity-details">
                    {columns.map((column) => (
                      <div key={column}>
                        <dt>{column}</dt>
                        <dd>{typeof row[column] === 'string' ? String(row[column]) : JSON.stringify(row[column])}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {!row && shownTab !== 'actions' && <p>{t('Choose a row to see it, edit it or read its history.')}</p>}
                {row && shownTab === 'form' && schemas.change && (
                  <EntityForm key={`${String(row.id)}-${version}`} schemas={schemas} row={row} onSaved={(saved) => (setSelected(saved), setVersion((v) => v + 1))} />
                )}
                {row && shownTab === 'history' && auditTable && typeof row.id === 'number' && <EntityHistory table={auditTable} id={row.id} version={version} />}
                {shownTab === 'actions' && actions.length > 1 && (
                  <div className="console-tabs console-action-picker" role="tablist" aria-label={t('Actions')}>
                    {actions.map((action) => (
                      <button
                        key={action.type}
                        type="button"
                        role="tab"
                        aria-selected={action === shownAction}
                        data-testid={`pick-action-${action.type}`}
                        onClick={() => setActionType(action.type)}
                      >
                        {action.type}
                      </button>
                    ))}
                  </div>
                )}
                {shownTab === 'actions' && shownAction && (
                  <TypedActionForm key={`${shownAction.type}-${String(row?.id ?? '')}`} action={shownAction} rowId={row?.id ?? null} onDone={() => setVersion((v) => v + 1)} />
                )}
              </>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
