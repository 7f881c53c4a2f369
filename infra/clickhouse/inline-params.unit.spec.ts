import { describe, expect, it } from 'vitest';
import { inlineParams } from './inline-params.ts';

describe('inlineParams', () => {
  it('writes numbers, dates, times and lists of numbers in as typed constants', () => {
    const sql = `SELECT 1 WHERE user_id = {user:UInt64} AND day BETWEEN {first:Date} AND {last:Date} AND t >= {from:DateTime64(3, 'UTC')} AND has({ids:Array(UInt64)}, id) AND k = {kind:UInt8}`;
    expect(inlineParams(sql, { user: 7, first: '2026-11-01', last: '2026-11-25', from: '2026-10-31 22:00:00.000', ids: [1, 2n], kind: 0 })).toBe(
      `SELECT 1 WHERE user_id = CAST(7 AS UInt64) AND day BETWEEN CAST('2026-11-01' AS Date) AND CAST('2026-11-25' AS Date) AND t >= CAST('2026-10-31 22:00:00.000' AS DateTime64(3, 'UTC')) AND has(CAST([1,2] AS Array(UInt64)), id) AND k = CAST(0 AS UInt8)`,
    );
  });

  it('keeps a statement bound when any value is text, another shape or out of its type', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['{name:String}', { name: 'Aino' }],
      ['{first:Date}', { first: "2026-11-01') OR 1=1 --" }],
      ['{first:Date}', { first: '2026-11-01T00:00:00Z' }],
      ['{from:DateTime64(3, \'UTC\')}', { from: "2026-10-31 22:00:00' --" }],
      ['{user:UInt64}', { user: '7' }],
      ['{user:UInt64}', { user: -1 }],
      ['{user:UInt64}', { user: 1.5 }],
      ['{user:UInt64}', { user: 2 ** 53 }],
      ['{kind:UInt8}', { kind: 256 }],
      ['{ids:Array(UInt64)}', { ids: [1, '2'] }],
      ['{ids:Array(UInt64)}', { ids: '1,2' }],
      ['{user:UInt64}', {}],
    ];
    for (const [placeholder, params] of cases) expect(inlineParams(`SELECT 1 WHERE x = ${placeholder} AND d = {d:Date}`, { d: '2026-11-01', ...params }), placeholder).toBeNull();
  });

  it('leaves a statement without parameters as it is', () => {
    expect(inlineParams('SELECT count() FROM t', {})).toBe('SELECT count() FROM t');
  });
});
