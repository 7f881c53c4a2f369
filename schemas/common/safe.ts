import { z } from 'zod';

// The one definition of "input every store and every projector can take" (issue 12, deliverable 3).
// A string with a NUL byte is refused by Postgres text and jsonb; a lone UTF-16 surrogate has no
// UTF-8 form, so Postgres refuses it and ClickHouse gets bytes it cannot give back; a time in year
// 0000 or 9999 falls outside ClickHouse's DateTime64 range. One such value accepted at the edge
// became an event that a projector failed on forever. Request schemas and event schemas use these
// pieces instead of bare z.string(), z.iso.datetime() and z.number(), so nothing a projector
// cannot take enters the log. The same rules repair old events on read: infra/event-store/sanitize-on-read.ts.

/** A NUL byte, or a surrogate that is not half of a pair. */
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isSafeText = (text: string): boolean => !UNSAFE_TEXT.test(text);
export const unsafeTextMessage = 'Text must not contain NUL bytes or unpaired UTF-16 surrogates';

/** Any text we store: z.string() without NUL bytes and lone surrogates. Chain .min/.max/.trim as usual. */
export const SafeText = z.string().refine(isSafeText, unsafeTextMessage);

/**
 * The instants we keep, in any event or request: from 2000-01-01 (the product did not exist before;
 * also refuses 1970 from a reset clock and year 0000) up to, not including, 2100-01-01 (far inside
 * ClickHouse's DateTime64 range of 1900-2299; refuses 9999). Static, so an event valid today is
 * valid when it is read again in ten years.
 */
export const earliestInstant = Date.UTC(2000, 0, 1);
export const instantLimit = Date.UTC(2100, 0, 1);
export const isSaneInstant = (ms: number): boolean => Number.isFinite(ms) && ms >= earliestInstant && ms < instantLimit;
const instantMessage = 'Time must lie between 2000-01-01 and 2100-01-01';
/** Range checks pass what is not a time at all: the format check has said so already, once is enough. */
const inRange = (ms: number) => Number.isNaN(ms) || isSaneInstant(ms);

/** An ISO 8601 time with offset in the sane range: times of events and of scheduled things (a message's expiry). */
export const Instant = z.iso.datetime({ offset: true }).refine((s) => inRange(Date.parse(s)), instantMessage);

/**
 * How far ahead of the server's clock a client's clock may be: a day covers wrong time zones and
 * drifting tablets, not a year-9999 or next-year timestamp.
 */
export const clientClockSkewMs = 24 * 60 * 60 * 1000;

/**
 * A time the client says something happened (a play, a click, an evaluation): an Instant that is
 * not more than a day in the future. Only requests use it; events keep Instant, whose rule never
 * changes with the clock.
 */
export const ClientTime = Instant.refine((s) => !(Date.parse(s) > Date.now() + clientClockSkewMs), 'Time must not lie in the future');

/** A calendar day YYYY-MM-DD in the sane range (report periods, target months, contract dates). */
export const Day = z.iso.date().refine((s) => inRange(Date.parse(`${s}T00:00:00Z`)), 'Date must lie between 2000-01-01 and 2099-12-31');

/** A number that is not NaN or ±Infinity (JSON cannot carry them, but coerced query values can). */
export const FiniteNumber = z.number().refine(Number.isFinite, 'Expected a finite number');

/**
 * A whole number from a path or query string (or a JSON number): decimal digits only, so "0x10",
 * "1e1", "016", " 16" or "16.0" are refused, not read as 16 as Number() would (issue 37).
 */
export const wholeNumber = <T extends z.ZodType<number, number>>(rule: T) =>
  z.union([z.number(), z.string().regex(/^(0|[1-9][0-9]*)$/, 'Expected a whole number in decimal digits').transform(Number)]).pipe(rule);

/** Deepest nesting of JSON we take: the input guard refuses deeper bodies, this refuses deeper event data. */
export const maxJsonDepth = 32;

/** Where a JSON value breaks these rules (a path like `a.0.b`), or null when it is safe. */
export function unsafeJsonPath(value: unknown, path: string[] = [], depth = 0): string | null {
  const here = () => path.join('.') || '(root)';
  if (depth > maxJsonDepth) return here();
  if (typeof value === 'string') return isSafeText(value) ? null : here();
  if (typeof value === 'number') return Number.isFinite(value) ? null : here();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeJsonPath(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key].join('.');
      const found = unsafeJsonPath(v, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** Free-form JSON (a button's params): any value whose strings, keys, numbers and depth follow the rules above. */
export const SafeJson = z.unknown().refine((v) => unsafeJsonPath(v) === null, 'JSON must not hold NUL bytes, unpaired surrogates, non-finite numbers or nest deeper than 32 levels');

/** An id as the read models store it: a Postgres `integer`, never negative. */
export const Id = z.number().int().nonnegative().max(2_147_483_647);
/** Any other whole number a read model stores in an `integer` column (an order, a count). */
export const Int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);
