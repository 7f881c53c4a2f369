import { validationError } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { quote, readSource, referencedIds, selectList, type ReferenceBody, type ReferenceTable } from './reference-table.ts';

// Reading one row of an entity as the API answers it, and the checks a write makes before it
// touches anything: both sides of the generic data pattern need them.

/** One row by id, its fields under their API names; null when there is none. */
export async function readEntityRow(db: Queryable, definition: ReferenceTable, id: number | string): Promise<Record<string, unknown> | null> {
  const [row] = await db.query(`SELECT ${selectList(definition)} FROM ${readSource(definition)} WHERE r.id = $1`, [id]);
  return row ?? null;
}

/** Every id a body's reference fields name exists in its table; otherwise a ValidationError naming the field. */
export async function requireReferencedRows(db: Queryable, definition: ReferenceTable, body: ReferenceBody): Promise<void> {
  const missing: { path: string; message: string }[] = [];
  for (const { field, table, ids } of referencedIds(definition, body)) {
    const wanted = [...new Set(ids)];
    const found = await db.query(`SELECT id FROM ${quote(table)} WHERE id = ANY($1::integer[])`, [wanted]);
    if (found.length !== wanted.length) missing.push({ path: `body.${field}`, message: `No such row in ${table}` });
  }
  if (missing.length > 0) throw validationError(missing);
}

/**
 * Runs a write; a unique or check constraint of the table refusing it (a second membership of the
 * same group, a recurring timing with both a date and a week) is a ValidationError naming the field,
 * not a 500. The transaction inside has rolled back by then, so nothing, not even an audit row, stays.
 */
export async function withConstraintsNamed<T>(definition: ReferenceTable, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code !== '23505' && code !== '23514' && code !== '23503') throw error;
    const field = typeof constraint === 'string' ? definition.constraints?.[constraint] : undefined;
    const message = code === '23505' ? 'Already exists' : code === '23503' ? 'No such row' : 'Not allowed with the other fields';
    throw validationError([{ path: field ? `body.${field}` : 'body', message }]);
  }
}
