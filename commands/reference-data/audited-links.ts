import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import { validationError } from '../../infra/errors.ts';

// What the back office's typed requests share beyond audited-row.ts: checking that the ids a
// request names exist (a missing one is a ValidationError naming the field, before anything is
// written), and link rows (audio file-artist, audio file-category, file-category) added or
// removed with an audit row each. Table and column names come from code, never from a request.

type Row = Record<string, unknown>;

/** Refuses ids that name no row of `table` (optionally only rows that are `active`), naming `body.<field>`. */
export async function requireExisting(tx: Queryable, table: string, ids: readonly number[], field: string): Promise<void> {
  const wanted = [...new Set(ids)];
  const rows = await tx.query<{ id: number }>(`SELECT id FROM "${table}" WHERE id = ANY($1::integer[])`, [wanted]);
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw validationError([{ path: `body.${field}`, message: `No such row: ${missing.slice(0, 10).join(', ')}` }]);
}

/** One audit row per change, in the caller's transaction. */
export async function auditRows(tx: Queryable, table: string, action: 'INSERT' | 'UPDATE' | 'DELETE', actorUserId: number, query: string, rows: readonly { old?: Row; new?: Row }[]): Promise<void> {
  for (const row of rows) {
    await tx.query('INSERT INTO logging ("table", action, user_id, old_data, new_data, query) VALUES ($1, $2, $3, $4, $5, $6)', [
      table,
      action,
      actorUserId,
      row.old === undefined ? null : JSON.stringify(row.old),
      row.new === undefined ? null : JSON.stringify(row.new),
      query,
    ]);
  }
}

export interface LinkTable {
  table: string;
  left: string;
  right: string;
  /** Columns a new link gets besides its two ids. */
  extra?: Record<string, SqlParam>;
}

/**
 * value true: every left id linked with every right id (pairs that exist stay as they are);
 * false: those links removed. One audit row per link added or removed; returns how many.
 */
export async function setAuditedLinks(tx: Queryable, link: LinkTable, leftIds: readonly number[], rightIds: readonly number[], value: boolean, actorUserId: number, query: string): Promise<number> {
  const lefts = [...new Set(leftIds)];
  const rights = [...new Set(rightIds)];
  if (value) {
    const extra = Object.entries(link.extra ?? {});
    const rows = await tx.query<Row>(
      `INSERT INTO "${link.table}" ("${link.left}", "${link.right}"${extra.map(([c]) => `, "${c}"`).join('')})
       SELECT l, r${extra.map((_, i) => `, $${i + 3}`).join('')} FROM unnest($1::integer[]) AS l, unnest($2::integer[]) AS r
       ON CONFLICT DO NOTHING RETURNING *`,
      [lefts, rights, ...extra.map(([, v]) => v)],
    );
    await auditRows(tx, link.table, 'INSERT', actorUserId, query, rows.map((row) => ({ new: row })));
    return rows.length;
  }
  const rows = await tx.query<Row>(`DELETE FROM "${link.table}" WHERE "${link.left}" = ANY($1::integer[]) AND "${link.right}" = ANY($2::integer[]) RETURNING *`, [lefts, rights]);
  await auditRows(tx, link.table, 'DELETE', actorUserId, query, rows.map((row) => ({ old: row })));
  return rows.length;
}

/**
 * Sets `column` to `value` on the rows of `ids` where it differs (and `touched`, a timestamp column,
 * to now), with an audit row each; returns how many changed.
 */
export async function setAuditedColumn(tx: Queryable, table: string, ids: readonly number[], column: string, value: SqlParam, actorUserId: number, query: string, touched?: string): Promise<number> {
  const old = await tx.query<Row & { id: number }>(`SELECT * FROM "${table}" WHERE id = ANY($1::integer[]) AND "${column}" IS DISTINCT FROM $2 ORDER BY id FOR UPDATE`, [[...new Set(ids)], value]);
  if (old.length === 0) return 0;
  const updated = await tx.query<Row & { id: number }>(`UPDATE "${table}" SET "${column}" = $2${touched ? `, "${touched}" = now()` : ''} WHERE id = ANY($1::integer[]) RETURNING *`, [old.map((r) => r.id), value]);
  const byId = new Map(updated.map((r) => [r.id, r]));
  await auditRows(tx, table, 'UPDATE', actorUserId, query, old.map((row) => ({ old: row, new: byId.get(row.id) })));
  return old.length;
}

/** Deletes the rows of `ids`, with an audit row each; returns how many. */
export async function deleteAuditedRows(tx: Queryable, table: string, ids: readonly number[], actorUserId: number, query: string): Promise<number> {
  const rows = await tx.query<Row>(`DELETE FROM "${table}" WHERE id = ANY($1::integer[]) RETURNING *`, [[...new Set(ids)]]);
  await auditRows(tx, table, 'DELETE', actorUserId, query, rows.map((row) => ({ old: row })));
  return rows.length;
}
