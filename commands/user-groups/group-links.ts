import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import { auditRows } from '../reference-data/audited-links.ts';

// Group memberships (user_group_items) and group categories (user_group_categories) are links with
// an id, a mode and an active flag. Setting one makes it exist, active, in the mode: a new link is
// an INSERT, a link in another mode or inactive an UPDATE, a link already so is left alone (no
// audit row). Table and column names come from code, never from a request.

type Row = Record<string, unknown> & { id: number };

export interface GroupLink {
  table: 'user_group_items' | 'user_group_categories';
  /** The column of the other side (user_id, category_id); the group's is user_group_id. */
  other: string;
}

/** Every group linked with every other id in `mode`; returns how many links were added or changed. */
export async function setGroupLinks(tx: Queryable, link: GroupLink, groupIds: readonly number[], otherIds: readonly number[], mode: SqlParam, actorUserId: number, query: string): Promise<number> {
  const params = [[...new Set(groupIds)], [...new Set(otherIds)], mode];
  const { table, other } = link;
  const old = await tx.query<Row>(
    `SELECT * FROM ${table} WHERE user_group_id = ANY($1::integer[]) AND "${other}" = ANY($2::integer[]) AND (mode IS DISTINCT FROM $3 OR NOT active) FOR UPDATE`,
    params,
  );
  const written = await tx.query<Row>(
    `INSERT INTO ${table} (user_group_id, "${other}", mode, active)
     SELECT g, o, $3, true FROM unnest($1::integer[]) AS g, unnest($2::integer[]) AS o
     ON CONFLICT (user_group_id, "${other}") DO UPDATE SET mode = EXCLUDED.mode, active = true
       WHERE ${table}.mode IS DISTINCT FROM EXCLUDED.mode OR NOT ${table}.active
     RETURNING *`,
    params,
  );
  const before = new Map(old.map((r) => [r.id, r]));
  await auditRows(tx, table, 'INSERT', actorUserId, query, written.filter((r) => !before.has(r.id)).map((r) => ({ new: r })));
  await auditRows(tx, table, 'UPDATE', actorUserId, query, written.filter((r) => before.has(r.id)).map((r) => ({ old: before.get(r.id), new: r })));
  return written.length;
}
