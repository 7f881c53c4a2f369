import type { RouteRequest } from './route-requests.ts';

// Malformed variants of one well-formed request (route-requests.ts), drawn from a seeded
// generator: wrong types, unknown and missing fields, oversized strings and bodies, deep nesting,
// NUL bytes and lone surrogates (in values, keys, path parameters and query strings), impossible
// dates, extreme numbers, arrays for objects and wrong content types. `guard` marks the cases
// that only a global input guard refuses (NUL, lone surrogates, nesting deeper than ~32 levels):
// they must answer 400 once it exists.

export interface MalformedRequest {
  kind: string;
  method: RouteRequest['method'];
  url: string;
  /** Raw body text (or bytes), sent as is with `contentType`. */
  body?: string | Buffer;
  contentType?: string;
  guard?: boolean;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export const bodyLimit = 1024 * 1024;

const nested = (depth: number, kind: 'array' | 'object'): string => (kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

/** Raw JSON fragments of another type than the field's (not JSON.stringify'd, so 1e309 and lone surrogate escapes survive). */
function wrongValuesFor(value: unknown): string[] {
  if (typeof value === 'number') return ['"text"', 'true', '[]', '{}', '"1e309"', '""', '1e309', '-1e309', '9007199254740993', '-2147483649', '1.0000001', '"NaN"'];
  if (typeof value === 'string') return ['12345', 'true', '[]', '{}', '["a"]', '1e309', '{"$gt":""}'];
  if (typeof value === 'boolean') return ['"true"', '1', '"yes"', '[]', '{}', '"false"'];
  if (Array.isArray(value)) return ['{}', '1', 'true', '[{"a":1}]', '[null]', '[-1]', '[1e309]'];
  if (value === null) return ['[]', '"x"', 'true', '{}', '-1', '1.5'];
  return ['[]', '"x"', '1', 'true'];
}
const guardValues = ['"a\\u0000b"', '"\\ud800"', '"x\\udfff"', `${nested(5000, 'array')}`, `${nested(5000, 'object')}`, `${nested(40, 'object')}`];
const badDates = ['"0000-01-01"', '"9999-12-31T25:61"', '"yesterday"', '"2026-02-30"', '"-000001-01-01T00:00:00Z"', '"2026-13-01T00:00:00Z"', '"2026-01-01T00:00:00+99:00"', '1767225600000'];
const dateKey = /time|day|date|^first$|^last$/i;

const segmentValues = ['-1', '0', '1e309', 'NaN', '99999999999999999999', '1.5', '0x1F', '%20', 'abc', '..%2F..%2Fetc%2Fpasswd', '0000-01-01', '9999-12-31T25:61', 'yesterday', '2026-02-30', '%F0%9F%98%80', 'x'.repeat(3000)];
const segmentGuardValues = ['%00', 'a%00b', '%ED%A0%80', '1%ED%B0%80'];
const queryAdditions = ['__proto__[admin]=true', 'constructor[prototype][admin]=1', 'a=%00', '%ED%A0%80=1', 'x=' + 'y'.repeat(5000), 'userId=1&userId=2', 'ids[]=1', 'first=0000-01-01', 'lastDay=9999-12-31T25:61', 'limit=-1', 'offset=1e309', 'ts=NaN'];

function jsonKeys(body: unknown): string[] {
  return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

/** The body with one key's value replaced by a raw JSON fragment. */
function withRaw(body: Record<string, unknown>, key: string, raw: string): string {
  const entries = Object.entries(body).map(([k, v]) => `${JSON.stringify(k)}:${k === key ? raw : JSON.stringify(v)}`);
  if (!(key in body)) entries.push(`${JSON.stringify(key)}:${raw}`);
  return `{${entries.join(',')}}`;
}

function withRawKey(body: Record<string, unknown>, rawKey: string, raw: string): string {
  const entries = Object.entries(body).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${[...entries, `${rawKey}:${raw}`].join(',')}}`;
}

export function malformedVariant(route: string, base: RouteRequest, random: Random): MalformedRequest {
  const pattern = route.slice(route.indexOf(' ') + 1).split('/');
  const [pathname, query = ''] = base.url.split('?') as [string, string?];
  const segments = pathname.split('/');
  const paramIndexes = pattern.map((p, i) => (p.startsWith(':') ? i : -1)).filter((i) => i >= 0);
  const body = base.payload && typeof base.payload === 'object' ? (base.payload as Record<string, unknown>) : undefined;
  const keys = jsonKeys(body);
  const json = (kind: string, text: string, guard = false): MalformedRequest => ({ kind, method: base.method, url: base.url, body: text, contentType: 'application/json', guard });
  const urlWith = (kind: string, url: string, guard = false): MalformedRequest => ({ kind, method: base.method, url, ...(body ? { body: JSON.stringify(body), contentType: 'application/json' } : {}), guard });

  const generators: Array<() => MalformedRequest> = [];
  if (paramIndexes.length > 0) {
    generators.push(() => {
      const index = pick(random, paramIndexes);
      const guard = random() < 0.3;
      const value = pick(random, guard ? segmentGuardValues : segmentValues);
      const next = [...segments];
      next[index] = value;
      return urlWith(`path parameter ${pattern[index]} = ${value.slice(0, 30)}`, next.join('/') + (query ? `?${query}` : ''), guard);
    });
  }
  // Query strings only where they are read: elsewhere an unknown one is ignored and the request is well-formed.
  if (base.method === 'GET') generators.push(() => {
    const guard = random() < 0.25;
    const addition = guard ? pick(random, ['a=%00', '%ED%A0%80=1', 'q=%ED%A0%80', 'x=a%00b']) : pick(random, queryAdditions);
    return urlWith(`query ${addition.slice(0, 40)}`, `${pathname}?${query ? `${query}&` : ''}${addition}`, guard);
  });
  if (query && base.method === 'GET') {
    generators.push(() => {
      const parts = query.split('&');
      const index = Math.floor(random() * parts.length);
      const [name] = parts[index]!.split('=');
      const value = pick(random, [...segmentValues, '', '9999-12-31T25:61', '0000-01-01']);
      parts[index] = `${name}=${value}`;
      return urlWith(`query ${name} = ${value.slice(0, 30)}`, `${pathname}?${parts.join('&')}`);
    });
  }
  if (base.method !== 'GET') {
    // Refused before any route reads the body, so also for routes that take none.
    generators.push(
      () => json('body over the 1 MB limit', JSON.stringify({ ...body, padding: 'x'.repeat(bodyLimit + 1000) })),
      () => json('invalid JSON', pick(random, ['{"a":', '{', '}', '{"a" 1}', "{'a':1}", '[1,]', 'undefined', '\u0000'])),
      () => json('__proto__ key', withRawKey(body ?? {}, '"__proto__"', '{"admin":true}')),
      () => json('constructor.prototype key', withRawKey(body ?? {}, '"constructor"', '{"prototype":{"admin":true}}')),
    );
  }
  // A route that reads no body (DELETE, logout, switch) takes any well-formed one: these only make sense where it does.
  if (base.method !== 'GET' && keys.length > 0) {
    generators.push(
      () => json('body nested 5000 levels', pick(random, [nested(5000, 'array'), nested(5000, 'object')]), true),
      () => json('array instead of the object', JSON.stringify([body ?? {}])),
      () => json('JSON scalar', pick(random, ['1', '"text"', 'true', '1e309'])),
      () => ({ kind: 'wrong content type', method: base.method, url: base.url, body: body ? JSON.stringify(body) : 'x', contentType: pick(random, ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'image/png']) }),
    );
  }
  if (keys.length > 0) {
    generators.push(
      () => json('empty object', '{}'),
      () => json('JSON null', 'null'),
      () => {
        const key = pick(random, keys);
        const value = pick(random, wrongValuesFor(body![key]));
        return json(`wrong type: ${key} = ${value.slice(0, 20)}`, withRaw(body!, key, value));
      },
      () => {
        const key = pick(random, keys);
        const value = pick(random, guardValues);
        return json(`${key} = ${value.slice(0, 20)}`, withRaw(body!, key, value), true);
      },
      () => {
        const key = pick(random, keys);
        return json(`oversized string in ${key}`, withRaw(body!, key, JSON.stringify('x'.repeat(pick(random, [200_000, 900_000])))));
      },
      () => {
        const dates = keys.filter((k) => dateKey.test(k));
        const key = pick(random, dates.length > 0 ? dates : keys);
        const value = dates.length > 0 ? pick(random, badDates) : pick(random, wrongValuesFor(body![key]));
        return json(`bad date in ${key}`, withRaw(body!, key, value));
      },
      // Only the unknown field is left: every required field is missing.
      () => json('every field missing, an unknown one', JSON.stringify({ [pick(random, ['zzz', 'userId', 'admin', 'operator'])]: { $gt: '' } })),
      () => json('unknown field with a NUL key', withRawKey(body!, pick(random, ['"\\u0000"', '"a\\u0000"', '"\\ud800"', '"k\\udc00"']), '1'), true),
    );
  }
  return pick(random, generators)();
}
