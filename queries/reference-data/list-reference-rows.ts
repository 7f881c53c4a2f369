import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { activeColumn, selectedColumns, toEntity, unitColumn, type ReferenceQuery, type ReferenceTable, type UnitEntity } from '../../domain/reference-data/reference-table.ts';
import { requireUnitsOf } from '../../domain/reference-data/unit-access.ts';
import { containsPattern } from '../library/like-pattern.ts';

// POST /api/get/{name} {ids?, userIds?, query?, active?, offset, limit}: rows of the caller
// (default) or of units they administer, matching `query` anywhere in the table's search text,
// in the table's order, with the count of all matches for paging.

export async function listReferenceRows<Entity extends UnitEntity>(
  db: Queryable,
  definition: ReferenceTable<Entity>,
  userIds: readonly number[],
  query: ReferenceQuery,
): Promise<{ items: Entity[]; totalCount: number }> {
  // A table without an active flag has only active rows.
  const active = activeColumn(definition) ?? 'true';
  const where = `${unitColumn(definition)} = ANY($1::integer[])
    AND ($2::integer[] IS NULL OR id = ANY($2::integer[]))
    AND ($3::boolean IS NULL OR ${active} = $3::boolean)
    AND ($4::text IS NULL OR ${definition.searchSql} ILIKE $4::text)`;
  const text = query.query?.trim();
  const params = [userIds, query.ids ?? null, query.active ?? null, text ? containsPattern(text) : null];
  const [rows, [counted]] = await Promise.all([
    db.query(`SELECT ${selectedColumns(definition).join(', ')} FROM ${definition.table} WHERE ${where} ORDER BY ${definition.orderSql} OFFSET $5 LIMIT $6`, [...params, query.offset, query.limit]),
    db.query<{ total: number | string }>(`SELECT count(*) AS total FROM ${definition.table} WHERE ${where}`, params),
  ]);
  return { items: rows.map((row) => toEntity(definition, row)), totalCount: Number(counted?.total ?? 0) };
}

export const listReferenceRowsRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    app.post(`/api/get/${definition.name}`, { schema: { body: definition.schemas.query, response: { 200: definition.schemas.list } } }, async (request) => {
      const session = requireUser(request);
      const userIds = request.body.userIds ?? [session.userId];
      await requireUnitsOf(app.deps.sql, session, userIds);
      return listReferenceRows(app.deps.sql, definition, userIds, request.body);
    });
  };
