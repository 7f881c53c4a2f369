import type { Queryable } from '../../infra/sql/sql.ts';
import type { ReferenceField, ReferenceQuery, ReferenceTable, UnitEntity, WarehouseSource } from '../../domain/reference-data/reference-table.ts';
import { quote, unitColumn } from '../../domain/reference-data/reference-table.ts';
import type { UsageWarehouse } from '../usage/report-scope.ts';
import { isoFromClickHouse } from '../usage/warehouse-values.ts';
import { containsPattern } from '../library/like-pattern.ts';

// The generic data pattern's reads of a usage warehouse entity (domain/reference-data/
// usage-entities.ts): the same query fields, sorts and paging as a Postgres entity, run as
// ClickHouse SQL on the current warehouse version, then the names and groups the warehouse does not
// hold filled from Postgres. Every value reaches ClickHouse as a typed query parameter.

/** The whole history, when a query names no period. */
const allTime = { start: '1970-01-01T00:00:00.000Z', end: '2999-01-01T00:00:00.000Z' };
/** Ids Postgres can hold: a larger one names no row, so it is left out of a lookup. */
const storable = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

type WarehouseQuery = ReferenceQuery & Record<string, unknown> & { userGroupIds?: readonly number[]; startTime?: string; endTime?: string };

function sourceOf(definition: ReferenceTable): WarehouseSource {
  if (!definition.warehouse) throw new Error(`${definition.name} is not a warehouse entity`);
  return definition.warehouse;
}

/** The rows of the entity as ClickHouse SQL `r`, the query's period bound. */
function rowsOf(definition: ReferenceTable, source: UsageWarehouse): string {
  return `(${sourceOf(definition).from(source.t)}) AS r`;
}

type AnyEntity = UnitEntity & Record<string, unknown>;

/** Warehouse rows as the API answers them: fields under their names, times as ISO text, looked-up names. */
async function toEntities(sql: Queryable, definition: ReferenceTable, rows: Record<string, unknown>[]): Promise<AnyEntity[]> {
  const { times = [], lookups = {} } = sourceOf(definition);
  const found = new Map<string, Map<number, unknown>>();
  for (const [field, { key, sql: text }] of Object.entries(lookups)) {
    const ids = [...new Set(rows.flatMap((row) => [row[key]].flat().map(Number)))].filter(storable);
    const values = ids.length === 0 ? [] : await sql.query<{ id: number; value: unknown }>(text, [ids]);
    found.set(field, new Map(values.map((v) => [Number(v.id), v.value])));
  }
  return rows.map((row) => {
    const entity: AnyEntity = { id: row.id as number | string };
    for (const [field, { column }] of Object.entries<ReferenceField>(definition.fields)) {
      const lookup = lookups[field];
      if (lookup) {
        const values = found.get(field)!;
        const key = row[lookup.key];
        entity[field] = lookup.list
          ? (key as number[]).map((id) => ({ id: Number(id), name: (values.get(Number(id)) as string | undefined) ?? null }))
          : (values.get(Number(key)) ?? null);
      } else {
        entity[field] = times.includes(field) && typeof row[column] === 'string' ? isoFromClickHouse(row[column]) : row[column];
      }
    }
    return entity;
  });
}

export async function listWarehouseRows<Entity extends UnitEntity>(
  sql: Queryable,
  source: UsageWarehouse,
  definition: ReferenceTable<Entity>,
  scope: readonly number[] | null,
  query: WarehouseQuery,
): Promise<{ items: Entity[]; totalCount: number }> {
  const params: Record<string, unknown> = { start: query.startTime ?? allTime.start, end: query.endTime ?? allTime.end };
  const param = (type: string, value: unknown) => {
    const name = `p${Object.keys(params).length}`;
    params[name] = value;
    return `{${name}:${type}}`;
  };
  const where: string[] = [];
  const users = `r.${quote(unitColumn(definition))}`;
  if (scope) where.push(`${users} IN ${param('Array(UInt64)', scope)}`);
  if (query.userGroupIds) {
    const members = await sql.query<{ id: number }>('SELECT id FROM users WHERE user_group_id = ANY($1::integer[])', [query.userGroupIds]);
    where.push(`${users} IN ${param('Array(UInt64)', members.map((m) => Number(m.id)))}`);
  }
  if (query.ids) where.push(`toString(r.id) IN ${param('Array(String)', query.ids.map(String))}`);
  // Usage has no active flag: every row is active.
  if (query.active === false) where.push('0');
  const text = query.query?.trim();
  if (text) {
    const matches = [`positionCaseInsensitiveUTF8(${definition.searchSql}, ${param('String', text)}) > 0`];
    for (const { column, sql: named } of sourceOf(definition).searchIds ?? []) {
      const ids = await sql.query<{ id: number }>(named, [containsPattern(text)]);
      if (ids.length > 0) matches.push(`r.${quote(column)} IN ${param('Array(UInt64)', ids.map((row) => Number(row.id)))}`);
    }
    where.push(`(${matches.join(' OR ')})`);
  }
  for (const [field, filter] of Object.entries(definition.filters ?? {})) {
    const value = query[field];
    if (value === undefined) continue;
    // The filter names its value `{value:Type}`; each gets a parameter of its own.
    const name = `p${Object.keys(params).length}`;
    params[name] = value;
    where.push(filter.replaceAll('{value:', `{${name}:`));
  }
  const order = (query.sort && definition.sorts[query.sort]) || Object.values(definition.sorts)[0]!;
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const rows = rowsOf(definition, source);
  const [items, [total]] = await Promise.all([
    source.warehouse.query<Record<string, unknown>>(`SELECT r.* FROM ${rows} ${filter} ORDER BY ${order} LIMIT ${Math.trunc(query.limit)} OFFSET ${Math.trunc(query.offset)}`, params),
    source.warehouse.query<{ total: number }>(`SELECT count() AS total FROM ${rows} ${filter}`, params),
  ]);
  // The entity's response schema checks every field on the way out.
  return { items: (await toEntities(sql, definition, items)) as unknown as Entity[], totalCount: Number(total?.total ?? 0) };
}

/** One row by id, or null; the caller checks it may read the row's unit. */
export async function getWarehouseRow(sql: Queryable, source: UsageWarehouse, definition: ReferenceTable, id: number | string): Promise<AnyEntity | null> {
  const rows = await source.warehouse.query<Record<string, unknown>>(`SELECT r.* FROM ${rowsOf(definition, source)} WHERE toString(r.id) = {id:String} LIMIT 1`, {
    ...allTime,
    id: String(id),
  });
  const [entity] = await toEntities(sql, definition, rows);
  return entity ?? null;
}
