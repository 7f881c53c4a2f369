import { z } from 'zod';
import { Day, Id, Instant, SafeText } from '../../common/safe.ts';

// The back office's generic data pattern (spec 3 sections 3 and 7; issue 18): one schema per
// entity, from which the four routes validate and answer and the operator console builds its list,
// filter and form.
//
//   POST /api/get/{name}   query  -> { items, totalCount }
//   GET  /api/{name}/{id}         -> entity
//   POST /api/{name}       create -> entity     (absent for read-only entities)
//   PUT  /api/{name}/{id}  change -> entity     (fields left out keep their values)
//
// Creates and changes are strict: an unknown field is a ValidationError naming it. What a field may
// hold (types, lists, lengths) is said once here; which rows a reference may name is checked by the
// server against its table (domain/reference-data/entity-registry.ts).

/** A short text: a name, a title. */
export const ShortText = SafeText.trim().max(200);
/** A required name: not empty. */
export const Name = SafeText.trim().min(1, 'Must not be empty').max(200);
/** A longer text (descriptions, HTML). */
export const LongText = SafeText.max(100_000);
export const IdList = z.array(Id).max(1000);
export { Day, Id, Instant };

/** What every query of the pattern may ask (spec 3 section 7). */
export const commonQuery = {
  ids: IdList.optional(),
  /** Case-insensitive substring of the entity's search text. */
  query: SafeText.max(200).optional(),
  /** Only active (true) or only inactive (false) rows; both when absent. */
  active: z.boolean().optional(),
  offset: z.number().int().nonnegative().max(1_000_000).default(0),
  limit: z.number().int().positive().max(1000).default(100),
};

/** The numeric id in a path; ids in paths arrive as text. */
export const IdParams = z.strictObject({ id: z.string().regex(/^\d{1,10}$/, 'Expected an id').transform(Number).pipe(Id) });

export interface EntitySchemas {
  /** The base path segment (spec 3 section 3). */
  name: string;
  entity: z.ZodObject;
  list: z.ZodObject;
  query: z.ZodObject;
  params: z.ZodType<{ id: number | string }>;
  /** Absent: the entity answers GET and queries only. */
  create?: z.ZodType<Record<string, unknown>>;
  change?: z.ZodType<Record<string, unknown>>;
  /** The API fields a create or change may carry, in form order. */
  writable: readonly string[];
  /** The sorts a query may ask for; the first is the default. */
  sorts: readonly string[];
}

interface EntityOptions<F extends Record<string, z.ZodType>, R extends z.ZodRawShape, Q extends z.ZodRawShape> {
  /** Writable fields, as a create or change carries them (nullable ones say so). */
  fields: F;
  /** Fields a create must carry; the others take their column defaults. */
  required?: readonly (keyof F & string)[];
  /** Fields the server sets or derives, answered but never written by a request. */
  readOnly?: R;
  /** Filters beyond commonQuery. */
  query?: Q;
  sorts?: readonly [string, ...string[]];
  /** Read-only entities (logs, reports, event-sourced read models): no create, no change. */
  readOnlyEntity?: boolean;
  params?: z.ZodType<{ id: number | string }>;
}

type Answered<F extends Record<string, z.ZodType>> = { [K in keyof F]: z.ZodNullable<F[K]> };

/** The schemas of one entity of the generic data pattern. */
export function entitySchemas<F extends Record<string, z.ZodType>, R extends z.ZodRawShape = Record<never, never>, Q extends z.ZodRawShape = Record<never, never>>(
  name: string,
  options: EntityOptions<F, R, Q>,
) {
  const { required = [], readOnly, sorts = ['id-asc'] } = options;
  const fields: Record<string, z.ZodType> = options.fields;
  // Stored rows may hold null where a request may not send one (a column without NOT NULL), so
  // the answer allows it for every field.
  const answered = Object.fromEntries(Object.entries(fields).map(([key, type]) => [key, type.nullable()])) as unknown as Answered<F>;
  const entity = z.object({ id: options.params ? z.union([z.number(), z.string()]) : z.number().int(), ...answered, ...(readOnly ?? ({} as R)) });
  const query = z.strictObject({ ...commonQuery, sort: z.enum(sorts).optional(), ...(options.query ?? ({} as Q)) });
  const writable = Object.keys(fields);
  const create = z.strictObject(Object.fromEntries(Object.entries(fields).map(([key, type]) => [key, required.includes(key) ? type : type.optional()])));
  const change = z.strictObject(Object.fromEntries(Object.entries(fields).map(([key, type]) => [key, type.optional()])));
  return {
    name,
    entity,
    list: z.object({ items: z.array(entity), totalCount: z.number().int() }),
    query,
    params: options.params ?? IdParams,
    writable: options.readOnlyEntity ? [] : writable,
    sorts,
    ...(options.readOnlyEntity ? {} : { create, change }),
  } satisfies EntitySchemas;
}
