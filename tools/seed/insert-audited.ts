import type { Queryable } from '../../infra/sql/sql.ts';

// Reference data changes are audited in `logging` (DOMAIN.md section 1). One statement inserts
// all rows of a table and their audit rows together: the rows travel as one JSON parameter
// (jsonb_to_recordset), so a hundred rows cost one round trip on both pg and PGlite.

/** Column name to its Postgres type, e.g. { name: 'text', user_id: 'integer' }. */
export type Columns = Record<string, string>;

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

export async function insertAudited<Row = Record<string, unknown>>(
  tx: Queryable,
  table: string,
  columns: Columns,
  rows: ReadonlyArray<Record<string, unknown>>,
  returning = '*',
): Promise<Row[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns).map(quote).join(', ');
  const typed = Object.entries(columns).map(([name, type]) => `${quote(name)} ${type}`).join(', ');
  // Password hashes never reach the audit table.
  return tx.query<Row>(
    `WITH inserted AS (
       INSERT INTO ${quote(table)} (${names})
       SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${typed})
       RETURNING *
     ), audit AS (
       INSERT INTO logging ("table", action, new_data, query)
       SELECT $2, 'INSERT', to_jsonb(inserted) - 'password_hash', 'demo seed' FROM inserted
     )
     SELECT ${returning} FROM inserted`,
    [JSON.stringify(rows), table],
  );
}
