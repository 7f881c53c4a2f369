import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/alert.tsx';
import { hiddenAuditValue, type loggingEntity } from '../../../../schemas/api/back-office/read-entities.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { rowHistory } from '../api/admin-console-api.ts';
import { cellText } from '../lib/schema-fields.ts';

type LogRow = z.infer<typeof loggingEntity.entity>;

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * What a change did: the columns it set (insert), changed (update) or removed with the row (delete).
 * A unit's own row (a resident) comes with its values hidden by the server: only which columns.
 */
function changeText(row: LogRow, hidden: string): string {
  const before = asRecord(row.oldData);
  const after = asRecord(row.newData);
  const shown = (value: unknown) => (value === hiddenAuditValue ? hidden : cellText(value));
  if (row.action === 'INSERT') return Object.entries(after).map(([key, value]) => `${key}=${shown(value)}`).join(', ');
  if (row.action === 'DELETE') return Object.entries(before).map(([key, value]) => `${key}=${shown(value)}`).join(', ');
  return Object.keys(after)
    .filter((key) => after[key] === hiddenAuditValue || JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => (after[key] === hiddenAuditValue ? `${key}: ${hidden}` : `${key}: ${cellText(before[key])} → ${cellText(after[key])}`))
    .join(', ');
}

/** The audit rows (`logging`) of one row, newest first (issue 18 item 5). */
export function EntityHistory({ table, id, version }: { table: string; id: number; version: number }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<LogRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    rowHistory(table, id).then(
      (list) => current && setRows(list.items),
      (error: unknown) => current && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [table, id, version]);

  if (problem) return <Alert kind="error">{problem}</Alert>;
  if (!rows) return <p>{t('Loading...')}</p>;
  if (rows.length === 0) return <p>{t('No history')}</p>;
  return (
    <table className="console-table" data-testid="entity-history">
      <thead>
        <tr>
          <th>{t('Time')}</th>
          <th>{t('Change type')}</th>
          <th>{t('User')}</th>
          <th>{t('Request')}</th>
          <th>{t('Changes')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row.id)} data-testid="history-row">
            <td>{formatDateTime(row.time)}</td>
            <td>{row.action}</td>
            <td>{row.userId ?? ''}</td>
            <td>{row.query ?? ''}</td>
            <td className="console-change">{changeText(row, t('(hidden)'))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
