import type { z } from 'zod';
import type { SqlParam } from '../../infra/sql/sql.ts';
import type { UserFlag } from './unit-access.ts';

// Reference data of a unit (DOMAIN.md section 1): rows edited, not experienced (residents,
// activities, and the back office's tables to come), each belonging to a unit (a user) and each
// change stored with its audit row in `logging`. One definition per table says everything that
// differs between them; the routes of the generic data pattern are built from it:
//
//   POST /api/get/{name}   query  -> list      queries/reference-data/list-reference-rows.ts
//   GET  /api/{name}/{id}         -> entity    queries/reference-data/get-reference-row.ts
//   POST /api/{name}       create -> entity    commands/reference-data/create-reference-row.ts
//   PUT  /api/{name}/{id}  change -> entity    commands/reference-data/update-reference-row.ts
//
// and server/http/routes.ts registers them with one line per definition. Table, column and SQL
// text come from the definition (code), never from a request.

/** What every list request of the pattern may ask (spec 3 section 7). */
export interface ReferenceQuery {
  ids?: readonly number[] | undefined;
  /** Whose rows; default the caller. */
  userIds?: readonly number[] | undefined;
  /** Case-insensitive substring of `search`. */
  query?: string | undefined;
  /** Only active (true) or only inactive (false) rows; both when absent. */
  active?: boolean | undefined;
  offset: number;
  limit: number;
}

/** Every entity has an id and a unit, the user it belongs to. */
export interface UnitEntity {
  id: number;
  userId: number;
}

/** One API field of a table: its column, and how a request's value is stored. */
export interface ReferenceField {
  column: string;
  /** Default: as sent. */
  store?: (value: SqlParam) => SqlParam;
}

/** A body of a create or change: the entity's fields; `userId` moves the row to a unit. */
export type ReferenceBody = { userId?: number | undefined } & Record<string, SqlParam | undefined>;

export interface ReferenceTable<Entity extends UnitEntity = UnitEntity> {
  /** The path segment of its routes, and the audit rows' table name. */
  name: string;
  table: string;
  /**
   * Every API field but `id` (the column `id`), with its column. `userId`'s column is the unit
   * column: who may read and change a row is decided by it (unit-access.ts).
   */
  fields: { readonly [K in Exclude<keyof Entity, 'id'>]-?: ReferenceField };
  /** The caller's config flag that creating needs; anyone with access to the unit when absent. */
  createFlag?: UserFlag;
  /** SQL text the list's `query` is matched in. */
  searchSql: string;
  /** SQL order of a list (ending in a unique column, so pages are stable). */
  orderSql: string;
  schemas: {
    entity: z.ZodType<Entity>;
    list: z.ZodType<{ items: Entity[]; totalCount: number }>;
    query: z.ZodType<ReferenceQuery>;
    create: z.ZodType<ReferenceBody>;
    change: z.ZodType<ReferenceBody>;
  };
}

/** Only infers the entity type from the schemas. */
export const referenceTable = <Entity extends UnitEntity>(definition: ReferenceTable<Entity>): ReferenceTable<Entity> => definition;

/** A table row as the API answers it. */
export function toEntity<Entity extends UnitEntity>(definition: ReferenceTable<Entity>, row: Record<string, unknown>): Entity {
  const fields: [string, ReferenceField][] = Object.entries(definition.fields);
  // The row holds the definition's columns, so this is the entity; the response schema checks
  // it again on the way out.
  return Object.fromEntries([['id', row.id], ...fields.map(([field, { column }]) => [field, row[column]])]) as Entity;
}

/** The columns a body sets, as stored; fields the body leaves out are left out. */
export function columnsOf(definition: ReferenceTable, body: ReferenceBody): Record<string, SqlParam> {
  const fields: [string, ReferenceField][] = Object.entries(definition.fields);
  const columns: Record<string, SqlParam> = {};
  for (const [field, { column, store }] of fields) {
    const value = body[field];
    if (value !== undefined) columns[column] = store ? store(value) : value;
  }
  return columns;
}

/** The column that names a row's unit. */
export const unitColumn = (definition: ReferenceTable): string => definition.fields.userId.column;

/** The columns the API answers with. */
export const selectedColumns = (definition: ReferenceTable): string[] => ['id', ...Object.values<ReferenceField>(definition.fields).map((f) => f.column)];

/** The column of the `active` flag the trash toggle flips, when the table has one. */
export function activeColumn(definition: ReferenceTable): string | undefined {
  const fields: [string, ReferenceField][] = Object.entries(definition.fields);
  return fields.find(([field]) => field === 'active')?.[1].column;
}
