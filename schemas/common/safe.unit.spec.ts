import { describe, expect, it } from 'vitest';
import { ClientTime, Day, FiniteNumber, Id, Instant, SafeJson, SafeText } from './safe.ts';

describe('the safe input pieces', () => {
  it('should refuse NUL bytes and unpaired surrogates, and take every other text', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00', 'a\udfffb', '\ud83d\ud83d', '😀'.slice(1)]) expect(SafeText.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'ä', '😀', '👩‍👩‍👧', '\t\n\\"\'', '\\u0000', '\u0001', '\ufffd', 'DROP TABLE x; --']) expect(SafeText.safeParse(good).success, JSON.stringify(good)).toBe(true);
    expect(SafeText.max(3).safeParse('abcd').success).toBe(false);
  });

  it('should take times from 2000 up to 2100 only, client times at most a day ahead', () => {
    for (const bad of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '1999-12-31T23:59:59.999Z', '2100-01-01T00:00:00Z', '9999-12-31T23:59:59Z', 'yesterday']) expect(Instant.safeParse(bad).success, bad).toBe(false);
    for (const good of ['2000-01-01T00:00:00Z', '2026-05-04T10:00:00.000+03:00', '2099-12-31T23:59:59Z']) expect(Instant.safeParse(good).success, good).toBe(true);
    expect(ClientTime.safeParse(new Date(Date.now() + 3_600_000).toISOString()).success).toBe(true);
    expect(ClientTime.safeParse(new Date(Date.now() + 2 * 86_400_000).toISOString()).success).toBe(false);
    // A malformed time is one issue, not two.
    expect(Instant.safeParse('yesterday').error?.issues).toHaveLength(1);
    expect(Day.safeParse('2026-02-28').success).toBe(true);
    for (const bad of ['0000-01-01', '1970-01-01', '9999-12-01', '2026-02-30']) expect(Day.safeParse(bad).success, bad).toBe(false);
  });

  it('should take finite numbers, Postgres integer ids and safe JSON only', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity]) expect(FiniteNumber.safeParse(bad).success).toBe(false);
    expect(Id.safeParse(2_147_483_647).success).toBe(true);
    expect(Id.safeParse(2_147_483_648).success).toBe(false);
    expect(SafeJson.safeParse({ a: [1, 'b', { c: null }] }).success).toBe(true);
    expect(SafeJson.safeParse({ a: ['\u0000'] }).success).toBe(false);
    expect(SafeJson.safeParse({ ['k\ud800']: 1 }).success).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(SafeJson.safeParse(deep).success).toBe(false);
  });
});
