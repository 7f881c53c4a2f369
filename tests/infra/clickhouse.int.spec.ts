import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, toClickHouseTime, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';

// The embedded warehouse for real: chDB under a temporary data directory. libchdb binds one data
// directory per process, so this file opens exactly one.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-chdb-'));
let warehouse: Warehouse;

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir });
  await warehouse.exec(`CREATE TABLE IF NOT EXISTS plays (id UInt64, user_id UInt32, at DateTime64(3, 'UTC'), title String)
    ENGINE = ReplacingMergeTree ORDER BY id`);
});
afterAll(async () => {
  await warehouse.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** How many statements containing `marker` run now, seen from the analyst lane's own session. */
async function runningAtOnce(marker: string): Promise<number> {
  const [row] = await warehouse.analyst.query(`SELECT count() AS n FROM system.processes WHERE query LIKE '%${marker}%' AND query NOT LIKE '%system.processes%'`);
  return Number(row!.n);
}

describe('chDB warehouse', () => {
  it('should store its data under DATA_DIR/chdb', () => {
    expect(warehouse.kind).toBe('chdb');
    expect(fs.existsSync(path.join(dataDir, 'chdb'))).toBe(true);
  });

  it('should insert rows and read them back with typed {name:Type} parameters', async () => {
    await warehouse.insert('plays', [
      { id: 1, user_id: 7, at: toClickHouseTime('2026-03-29T03:30:00.250+03:00'), title: "O'Brien; DROP TABLE plays" },
      { id: 2, user_id: 7, at: toClickHouseTime('2026-03-29T01:00:00Z'), title: 'second' },
      { id: 3, user_id: 8, at: toClickHouseTime('2026-03-29T01:00:00Z'), title: 'other user' },
    ]);
    const rows = await warehouse.query<{ id: number; at: string; title: string }>(
      'SELECT id, at, title FROM plays FINAL WHERE user_id = {userId:UInt32} AND title != {skip:String} ORDER BY id',
      { userId: 7, skip: 'nothing' },
    );
    expect(rows).toEqual([
      { id: 1, at: '2026-03-29 00:30:00.250', title: "O'Brien; DROP TABLE plays" },
      { id: 2, at: '2026-03-29 01:00:00.000', title: 'second' },
    ]);
  });

  it('should return 64-bit counts as numbers', async () => {
    const [row] = await warehouse.query<{ n: unknown }>('SELECT count() AS n FROM numbers(5)');
    expect(row).toEqual({ n: 5 });
  });

  it('should keep one row per key after FINAL when the same rows are inserted twice', async () => {
    const rows = [{ id: 10, user_id: 9, at: toClickHouseTime('2026-01-01T00:00:00Z'), title: 'twice' }];
    await warehouse.insert('plays', rows);
    await warehouse.insert('plays', rows);
    const [final] = await warehouse.query<{ n: number }>('SELECT count() AS n FROM plays FINAL WHERE user_id = 9');
    expect(final!.n).toBe(1);
  });

  it('should insert positional rows with any text, columns left out taking their defaults, and keep no payload file', async () => {
    const awkward = 'line one\nline two\t"quoted" \\ back\'slash ä 中 🎵';
    await warehouse.insertCompact('plays', ['id', 'user_id', 'title'], [[20, 11, awkward], [21, 11, '']]);
    const rows = await warehouse.query<{ id: number; at: string; title: string }>('SELECT id, at, title FROM plays FINAL WHERE user_id = 11 ORDER BY id');
    expect(rows).toEqual([
      { id: 20, at: '1970-01-01 00:00:00.000', title: awkward },
      { id: 21, at: '1970-01-01 00:00:00.000', title: '' },
    ]);
    await expect(warehouse.insertCompact('no_such_table', ['id'], [[1]])).rejects.toThrow(/no_such_table/);
    expect(fs.readdirSync(path.join(dataDir, 'chdb', 'inserts'))).toEqual([]);
  });

  it('should run many statements at once over its sessions, each seeing every write finished before it', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => warehouse.insertCompact('plays', ['id', 'user_id', 'title'], [[100 + i, 12, `parallel ${i}`]])));
    const counts = await Promise.all(Array.from({ length: 6 }, () => warehouse.query<{ n: number }>('SELECT count() AS n FROM plays WHERE user_id = 12')));
    expect(counts.map(([row]) => row!.n)).toEqual([12, 12, 12, 12, 12, 12]);
    await warehouse.exec('ALTER TABLE plays DELETE WHERE user_id = 12 SETTINGS mutations_sync = 2');
  });

  it('should run statements without parameters side by side (chdb runs only parameterised ones one after another)', async () => {
    // Three sleeps at once are all in system.processes at the same moment only if they run side by
    // side; one after another, never more than one is (a state, not how long they took).
    const running = Promise.all(Array.from({ length: 3 }, (_, i) => warehouse.queryCompact(`SELECT ${i} AS plain_side_by_side, sleep(2.5)`)));
    await expect.poll(() => runningAtOnce('plain_side_by_side'), { timeout: 10_000, interval: 50 }).toBe(3);
    const results = await running;
    expect(results.map((rows) => rows[0]![0])).toEqual([0, 1, 2]);
    // A parameterised statement beside them still gets its parameters.
    const [bound, plain] = await Promise.all([
      warehouse.query<{ n: number }>('SELECT {n:UInt8} AS n', { n: 7 }),
      warehouse.query<{ n: number }>('SELECT 8 AS n'),
    ]);
    expect([bound, plain]).toEqual([[{ n: 7 }], [{ n: 8 }]]);
  });

  it('should run statements whose parameters are numbers and dates side by side too, as binding types them, and bind text', async () => {
    const typed = 'SELECT {i:UInt64} AS i, toTypeName({i:UInt64}) AS it, {d:Date} AS d, toTypeName({d:Date}) AS dt, {ids:Array(UInt64)} AS ids';
    const running = Promise.all(Array.from({ length: 3 }, (_, i) => warehouse.query(`${typed}, sleep(2.5) AS s, 'typed_side_by_side' AS marker`, { i, d: '2026-11-25', ids: [i, 9] })));
    await expect.poll(() => runningAtOnce('typed_side_by_side'), { timeout: 10_000, interval: 50 }).toBe(3);
    const inlined = (await running).map((rows) => rows.map(({ marker: _marker, ...rest }) => rest));
    // A text parameter keeps the statement bound (inline-params.ts): the same values either way.
    const bound = await Promise.all(Array.from({ length: 3 }, (_, i) => warehouse.query(`${typed}, {s:String} AS s`, { i, d: '2026-11-25', ids: [i, 9], s: "it's \\ text" })));
    expect(bound.map(([row]) => row!.s)).toEqual(Array(3).fill("it's \\ text"));
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ s: _s, ...rest }) => rest);
    expect(inlined.map(strip)).toEqual(bound.map(strip));
    expect(inlined[2]![0]).toMatchObject({ it: 'UInt64', d: '2026-11-25', dt: 'Date' });
  });

  it('should ignore an empty insert', async () => {
    await expect(warehouse.insert('plays', [])).resolves.toBeUndefined();
  });

  it('should reject a bad statement with the ClickHouse message', async () => {
    await expect(warehouse.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    await expect(warehouse.exec('CREATE TABLE broken (')).rejects.toThrow();
  });

  it('should keep its data when closed and opened again', async () => {
    await warehouse.close();
    warehouse = await connectWarehouse({ dataDir });
    const [row] = await warehouse.query<{ n: number }>('SELECT count() AS n FROM plays FINAL');
    expect(row!.n).toBe(6);
  });
});

describe('toClickHouseTime', () => {
  it('should turn any offset into UTC with milliseconds', () => {
    expect(toClickHouseTime('2026-10-25T03:59:59.999+03:00')).toBe('2026-10-25 00:59:59.999');
    expect(toClickHouseTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05.000');
  });
});
