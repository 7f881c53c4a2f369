import type { z } from 'zod';
import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import type { UserFlag } from './unit-access.ts';

// The back office's admin data (spec 3 sections 3 and 7; DOMAIN.md section 1): one definition per
// entity says everything that differs between them, and the generic data pattern's routes are
// built from it:
//
//   POST /api/get/{name}   query  -> list      queries/reference-data/list-reference-rows.ts
//   GET  /api/{name}/{id}         -> entity    queries/reference-data/get-reference-row.ts
//   POST /api/{name}       create -> entity    commands/reference-data/create-reference-row.ts
//   PUT  /api/{name}/{id}  change -> entity    commands/reference-data/update-reference-row.ts
//
// Reference data (edited, not experienced) is written to its table with an audit row in
// `logging`; event-sourced entities and logs have no create or change schema and so only the two
// read routes (their writes are events decided by their own commands). The list of definitions is
// entity-registry.ts. Table, column and SQL text come from the definition (code), never from a
// request.

/** What every list request of the pattern may ask (spec 3 section 7). */
export type ReferenceQuery = {
  ids?: readonly number[] | undefined;
  /** Whose rows; default the caller. */
  userIds?: readonly number[] | undefined;
  /** Case-insensitive substring of `search`. */
  query?: string | undefined;
  /** Only active (true) or only inactive (false) rows; both when absent. */
  active?: boolean | undefined;
  sort?: string | undefined;
  offset: number;
  limit: number;
};

/** Every entity has an id. */
export interface UnitEntity {
  id: number | string;
}

/** One API field of a table: its column, and how a request's value is stored and answered. */
export interface ReferenceField {
  column: string;
  /** Default: as sent. */
  store?: (value: SqlParam) => SqlParam;
  /** SQL the answer reads instead of the column (a date as text, a list from a link table). */
  select?: string;
  /** The table whose id this field (or each id of this list) must name: checked before writing. */
  references?: string;
}

/**
 * Who may use an entity's routes (DOMAIN.md section 4).
 *   unit      the unit the row belongs to (its unit field) and the unit's administrators (adminOfUsers)
 *   owner     only the user the row belongs to: their favorite lists, their evaluations
 *   operator  service operators only: the content library, users and groups, the audit log
 */
export type EntityAccess = { kind: 'unit'; createFlag?: UserFlag } | { kind: 'owner' } | { kind: 'operator' };

/** A body of a create or change: the entity's writable fields. */
export type ReferenceBody = Record<string, unknown>;

export interface ReferenceTable<Entity extends UnitEntity = UnitEntity> {
  /** The path segment of its routes. */
  name: string;
  /** The table written, and the audit rows' table name. */
  table: string;
  /** What reads select from, as `r` (default the table): a read model's view, or a join. */
  from?: string;
  /** Every API field but `id` (the column `id`), with its column. */
  fields: { readonly [K in Exclude<keyof Entity, 'id'>]-?: ReferenceField };
  access: EntityAccess;
  /** The field naming the row's unit, for unit and owner access (default `userId`). */
  unitField?: string;
  /** SQL text the list's `query` is matched in. */
  searchSql: string;
  /** SQL order of each sort the schema allows; the first is the default. Ends in a unique column. */
  sorts: Record<string, string>;
  /** A query's own filters: the query field, and SQL naming its value as `$value`. */
  filters?: Record<string, string>;
  /** Columns the server sets on insert (who made the row, a generated key). */
  inserted?: (actorUserId: number) => Record<string, SqlParam>;
  /** Constraint names and the field each one's refusal is about (a unique pair, a check). */
  constraints?: Record<string, string>;
  /** A column set to the time of every change (the audio files' 'modified-desc' sort). */
  touched?: string;
  /**
   * A read-only entity of the usage warehouse (ClickHouse) rather than a Postgres table: `fields`,
   * `searchSql`, `sorts` and `filters` are then ClickHouse SQL over `warehouse.from`.
   */
  warehouse?: WarehouseSource;
  /** What else a change does in its transaction (a deactivated user's sessions end). */
  afterChange?: (tx: Queryable, old: Record<string, unknown>, row: Record<string, unknown>) => Promise<void>;
  schemas: {
    entity: z.ZodType<Entity>;
    list: z.ZodType<{ items: Entity[]; totalCount: number }>;
    query: z.ZodType<ReferenceQuery>;
    params: z.ZodType<{ id: number | string }>;
    create?: z.ZodType<ReferenceBody>;
    change?: z.ZodType<ReferenceBody>;
  };
}

/**
 * Where a warehouse entity's rows come from (usage-entities.ts). The warehouse holds ids only, so
 * names and groups are looked up in Postgres after the read. Filters name their value as
 * `{value:Type}` (a ClickHouse query parameter).
 */
export interface WarehouseSource {
  /** A subquery with `id`, `user_id` and every field's column, over the current version's tables (projections/warehouse/tables.ts). */
  from: (tables: Readonly<Record<string, string>>) => string;
  /** Fields read as ClickHouse DateTime64 text, answered as ISO-8601. */
  times?: readonly string[];
  /** Fields filled from Postgres: `sql` answers `id, value` for the ids (`$1`) in the row's `key` column (or each id of a list, answered as `{id, name}`). */
  lookups?: Record<string, { key: string; sql: string; list?: boolean }>;
  /** Postgres queries answering the `id`s whose names match the query text (`$1`, an ILIKE pattern), and the warehouse column holding them. */
  searchIds?: readonly { column: string; sql: string }[];
}

/** Only infers the entity type from the schemas. */
export const referenceTable = <Entity extends UnitEntity>(definition: ReferenceTable<Entity>): ReferenceTable<Entity> => definition;

const fieldsOf = (definition: ReferenceTable): [string, ReferenceField][] => Object.entries(definition.fields);

/** A row as the API answers it: times as ISO text, the rest as read. */
export function toEntity<Entity extends UnitEntity>(definition: ReferenceTable<Entity>, row: Record<string, unknown>): Entity {
  const value = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  // The row holds the definition's columns, so this is the entity; the response schema checks
  // it again on the way out.
  return Object.fromEntries([['id', row.id], ...fieldsOf(definition).map(([field]) => [field, value(row[field])])]) as Entity;
}

/** The columns a body sets, as stored; fields the body leaves out are left out. */
export function columnsOf(definition: ReferenceTable, body: ReferenceBody): Record<string, SqlParam> {
  const columns: Record<string, SqlParam> = {};
  for (const [field, { column, store }] of fieldsOf(definition)) {
    const value = body[field] as SqlParam | undefined;
    if (value !== undefined) columns[column] = store ? store(value) : value;
  }
  return columns;
}

/** The unit column of a unit or owner entity. */
export function unitColumn(definition: ReferenceTable): string {
  const field = definition.unitField ?? 'userId';
  const found = fieldsOf(definition).find(([name]) => name === field);
  if (!found) throw new Error(`${definition.name} names no unit field ${field}`);
  return found[1].column;
}

/** The SELECT list of the API's answer: each field under its own name. */
export const selectList = (definition: ReferenceTable): string =>
  ['r.id AS id', ...fieldsOf(definition).map(([field, { column, select }]) => `${select ?? `r.${quote(column)}`} AS ${quote(field)}`)].join(', ');

/** What reads select from. */
export const readSource = (definition: ReferenceTable): string => `${definition.from ?? quote(definition.table)} AS r`;

/** The column of the `active` flag the trash toggle flips, when the table has one. */
export function activeColumn(definition: ReferenceTable): string | undefined {
  return fieldsOf(definition).find(([field]) => field === 'active')?.[1].column;
}

/** Reference fields with a value in the body: the ids each must name in its table. */
export function referencedIds(definition: ReferenceTable, body: ReferenceBody): { field: string; table: string; ids: number[] }[] {
  return fieldsOf(definition).flatMap(([field, { references }]) => {
    const value = body[field];
    if (!references || value === undefined || value === null) return [];
    const ids = (Array.isArray(value) ? value : [value]).map(Number);
    return ids.length > 0 ? [{ field, table: references, ids }] : [];
  });
}

export const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;
