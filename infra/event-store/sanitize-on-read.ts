import { isSaneInstant } from '../../schemas/common/safe.ts';
import { sanitizeHtml } from '../../schemas/common/safe-html.ts';

// Events are immutable, but a log written before the safe schemas (schemas/common/safe.ts) may
// hold data no projector can take: NUL bytes (refused by Postgres text and jsonb), unpaired UTF-16
// surrogates (no UTF-8 form) and times like year 0000 or 9999 (outside Postgres' and ClickHouse's
// ranges). The store repairs such data as it reads it, in this one place, so every reader
// (projectors, rebuilds, deciders) sees values the current schemas would accept and an old data
// directory recovers on upgrade with no operator action. The rules:
// - a NUL byte is removed; an unpaired surrogate becomes U+FFFD (what a UTF-8 decoder shows);
// - a time field (the keys below) outside 2000-01-01 .. 2100-01-01 takes the event's recorded time
//   (the server's clock when it was appended; client clocks are a guess anyway), a day field its date.
// - HTML that people wrote (the fields below) is cleaned to the one HTML policy
//   (schemas/common/html-policy.ts, issue 37 item 4): the server stored it raw before, script,
//   handlers and styles included.
// The stored text stays as it was: a later rule can still look at the original.

/** Keys that hold an ISO time in some event's data (schemas/events/*: Instant). */
const timeKeys = new Set(['clientTime', 'receivedAt', 'at', 'insertionTime', 'readTime', 'time', 'expireTime']);
/** Keys that hold a calendar day (schemas/events/*: Day). */
const dayKeys = new Set(['day']);

/**
 * What the stored JSON text of a suspect event may contain: an escaped NUL or surrogate (JSON.stringify
 * escapes exactly the unpaired ones; a valid pair is written as itself), or a date-like string whose
 * year is not 20xx. A clean event, nearly all of them, costs one regex test and no walk.
 */
const SUSPECT = /\\u0000|\\ud[89a-f]|"(?!20)\d{4}-\d\d-\d\d[T"]/i;
const UNSAFE_CHARS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const isSuspectJson = (text: string): boolean => SUSPECT.test(text);

export const sanitizeText = (text: string): string => text.replace(UNSAFE_CHARS, (c) => (c === '\u0000' ? '' : '\ufffd'));

/** A copy of `value` repaired by the rules above; `recordedAt` is the event's recorded time (ISO). */
export function sanitizeEventData(value: unknown, recordedAt: string, key?: string): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && timeKeys.has(key) && !isSaneInstant(Date.parse(value))) return recordedAt;
    if (key !== undefined && dayKeys.has(key) && !isSaneInstant(Date.parse(`${value}T00:00:00Z`))) return recordedAt.slice(0, 10);
    return sanitizeText(value);
  }
  if (Array.isArray(value)) return value.map((item) => sanitizeEventData(item, recordedAt));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [sanitizeText(k), sanitizeEventData(v, recordedAt, k)]));
  }
  return value;
}

/** Where HTML sits in each event type that carries some (schemas/events/*). */
const htmlFields: Readonly<Record<string, readonly (readonly string[])[]>> = {
  MessageItemAdded: [['item', 'html']],
  MessageItemUpdated: [['item', 'html']],
  FavoriteListCreated: [['description']],
  FavoriteListRenamed: [['description']],
};

/**
 * `data` of an event of `type` with its HTML fields cleaned to the policy. Only a field holding a
 * `<` can hold markup: the rest, nearly all events, come back as they are, with no copy.
 */
export function sanitizeEventHtml(type: string, data: unknown): unknown {
  const paths = htmlFields[type];
  if (!paths) return data;
  let result = data;
  for (const path of paths) result = cleanAt(result, path);
  return result;
}

function cleanAt(value: unknown, [key, ...rest]: readonly string[]): unknown {
  if (key === undefined) return typeof value === 'string' && value.includes('<') ? sanitizeHtml(value) : value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const cleaned = cleanAt(record[key], rest);
  return cleaned === record[key] ? value : { ...record, [key]: cleaned };
}
