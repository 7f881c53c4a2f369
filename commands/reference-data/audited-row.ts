import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';

// Reference data (DOMAIN.md section 1, domain/reference-data/): every change is the row change
// plus its audit row in `logging` (who, old and new data, the request), in the caller's
// transaction. Table and column names come from code, never from a request.

type Row = Record<string, unknown>;
const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

export async function insertAuditedRow<R extends Row>(tx: Queryable, table: string, values: Record<string, SqlParam>, actorUserId: number, query: string): Promise<R> {
  const columns = Object.keys(values);
  const [row] = await tx.query<R>(
    columns.length === 0
      ? `INSERT INTO ${quote(table)} DEFAULT VALUES RETURNING *`
      : `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    Object.values(values),
  );
  await tx.query('INSERT INTO logging ("table", action, user_id, new_data, query) VALUES ($1, $2, $3, $4, $5)', [table, 'INSERT', actorUserId, JSON.stringify(row), query]);
  return row!;
}

/** Locks and reads a row for a change; null when there is none. */
export async function lockRow<R extends Row>(tx: Queryable, table: string, id: number | string): Promise<R | null> {
  const [row] = await tx.query<R>(`SELECT * FROM ${quote(table)} WHERE id = $1 FOR UPDATE`, [id]);
  return row ?? null;
}

/** A stored value equals a request's: times by instant, lists and JSON by content. */
function sameValue(stored: unknown, sent: SqlParam): boolean {
  if (stored instanceof Date && (typeof sent === 'string' || sent instanceof Date)) return stored.getTime() === new Date(sent).getTime();
  if (typeof stored === 'object' && stored !== null && typeof sent === 'object' && sent !== null) return JSON.stringify(stored) === JSON.stringify(sent);
  return stored === sent;
}

/**
 * Applies the changes that differ from `old`; an unchanged row writes nothing, not even an audit
 * row. `touched`, when given, is a column set to now() with any change.
 */
export async function updateAuditedRow<R extends Row & { id: number | string }>(
  tx: Queryable,
  table: string,
  old: R,
  changes: Record<string, SqlParam>,
  actorUserId: number,
  query: string,
  touched?: string,
): Promise<R> {
  const changed = Object.entries(changes).filter(([column, value]) => !sameValue(old[column], value));
  if (changed.length === 0) return old;
  const sets = [...changed.map(([column], i) => `${quote(column)} = $${i + 2}`), ...(touched ? [`${quote(touched)} = now()`] : [])];
  const [row] = await tx.query<R>(`UPDATE ${quote(table)} SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [old.id, ...changed.map(([, value]) => value)]);
  await tx.query('INSERT INTO logging ("table", action, user_id, old_data, new_data, query) VALUES ($1, $2, $3, $4, $5, $6)', [
    table,
    'UPDATE',
    actorUserId,
    JSON.stringify(old),
    JSON.stringify(row),
    query,
  ]);
  return row!;
}
