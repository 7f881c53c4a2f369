import { requireUser } from '../../server/http/auth.ts';
import type { App, RouteModule } from '../../server/http/zod.ts';
import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import { activeColumn, quote, readSource, selectList, toEntity, unitColumn, type ReferenceQuery, type ReferenceTable, type UnitEntity } from '../../domain/reference-data/reference-table.ts';
import { isUnitScoped, requireEntityAccess } from '../../domain/reference-data/entity-access.ts';
import { containsPattern } from '../library/like-pattern.ts';
import { currentUsageWarehouse } from '../usage/report-scope.ts';
import { listWarehouseRows } from './list-warehouse-rows.ts';

// POST /api/get/{name} {ids?, userIds?, query?, active?, sort?, offset, limit, ...filters}: rows
// matching `query` anywhere in the entity's search text and each filter its schema allows, in the
// asked sort (default the first), with the count of all matches for paging. A unit's rows: the
// caller's (default) or those of units they administer; an operator entity's: all of them.

export async function listReferenceRows<Entity extends UnitEntity>(
  db: Queryable,
  definition: ReferenceTable<Entity>,
  scope: readonly number[] | null,
  query: ReferenceQuery & Record<string, unknown>,
): Promise<{ items: Entity[]; totalCount: number }> {
  const params: SqlParam[] = [];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const where: string[] = [];
  if (scope) where.push(`r.${quote(unitColumn(definition))} = ANY(${param(scope)}::integer[])`);
  if (query.ids) where.push(`r.id::text = ANY(${param(query.ids.map(String))}::text[])`);
  const active = activeColumn(definition);
  if (query.active !== undefined) where.push(active ? `r.${quote(active)} = ${param(query.active)}::boolean` : (query.active ? 'true' : 'false'));
  const text = query.query?.trim();
  if (text) where.push(`(${definition.searchSql}) ILIKE ${param(containsPattern(text))}::text`);
  for (const [field, sql] of Object.entries(definition.filters ?? {})) {
    const value = query[field];
    if (value !== undefined) where.push(sql.replaceAll('$value', param(Array.isArray(value) ? value.map(String) : (value as SqlParam))));
  }
  const sorts = Object.values(definition.sorts);
  const order = (query.sort && definition.sorts[query.sort]) || sorts[0]!;
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const source = readSource(definition);
  const counted = params.length;
  const [rows, [total]] = await Promise.all([
    db.query(`SELECT ${selectList(definition)} FROM ${source} ${filter} ORDER BY ${order} OFFSET $${counted + 1} LIMIT $${counted + 2}`, [...params, query.offset, query.limit]),
    db.query<{ total: number | string }>(`SELECT count(*) AS total FROM ${source} ${filter}`, params),
  ]);
  return { items: rows.map((row) => toEntity(definition, row)), totalCount: Number(total?.total ?? 0) };
}

export const listReferenceRowsRoute =
  (definition: ReferenceTable): RouteModule =>
  (app: App) => {
    app.post(`/api/get/${definition.name}`, { schema: { body: definition.schemas.query, response: { 200: definition.schemas.list } } }, async (request) => {
      const session = requireUser(request);
      const { sql } = app.deps;
      const scope = isUnitScoped(definition) ? (request.body.userIds ?? [session.userId]) : null;
      await requireEntityAccess(sql, session, definition, scope ?? []);
      if (definition.warehouse) return listWarehouseRows(sql, await currentUsageWarehouse(app.deps), definition, scope, request.body);
      return listReferenceRows(sql, definition, scope, request.body);
    });
  };
