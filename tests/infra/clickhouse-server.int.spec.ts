import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { missingTablesAsEmpty } from '../../queries/usage/missing-tables-as-empty.ts';
import { startClickHouseServer, type ClickHouseServer } from '../support/clickhouse-server.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';

// The CLICKHOUSE_URL path: infra/clickhouse's HTTP-client Warehouse (@clickhouse/client) against a
// real ClickHouse server started here (tests/support/clickhouse-server.ts).
//
// A SMOKE TEST OF THE CLIENT PATH ONLY. CI installs Debian's clickhouse-server, release 18.16,
// which lacks most of what the warehouse's SQL uses (DateTime64, query parameters `{x:Type}`,
// JSONCompactEachRow, ReplacingMergeTree's is_deleted). So this drives only what 18.16 has:
// connection and authentication, DDL, a batched JSONEachRow insert, a JSONEachRow select with the
// shared settings (64-bit integers as JSON numbers), server errors reaching the caller, and the
// read-only analyst user. The full suite against a ClickHouse 24+ server: docs/operations.md.

let server: ClickHouseServer;
let warehouse: Warehouse;
let analyst: ClickHouseClient;

beforeAll(async () => {
  server = await startClickHouseServer();
  warehouse = await connectWarehouse({ clickhouseUrl: server.url, dataDir: '/nonexistent' });
  // Without the shared settings: readonly=1 forbids a client to change any setting.
  // Its refusals are what the test expects: no error log for each.
  analyst = createClient({ url: server.analystUrl, log: { level: ClickHouseLogLevel.OFF } });
}, 90_000);

afterAll(async () => {
  await analyst?.close();
  await warehouse?.close();
  await server?.stop();
});

interface SmokeRow { user_id: number; session_id: string; day: string; seconds: number; plays: number }

const rows: SmokeRow[] = Array.from({ length: 500 }, (_, i) => ({
  user_id: (i % 5) + 1,
  session_id: `s-${i}`,
  day: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  seconds: i * 1.5,
  plays: i % 7,
}));

describe('HTTP-client Warehouse on a ClickHouse server', () => {
  it('should connect through CLICKHOUSE_URL and know it talks to a server', async () => {
    expect(warehouse.kind).toBe('server');
    const [row] = await warehouse.query<{ v: string }>('SELECT version() AS v');
    expect(row!.v).toBe(server.version);
  });

  it('should create a table, insert a batch in one statement, and select it back', async () => {
    await warehouse.exec('DROP TABLE IF EXISTS smoke_sessions');
    await warehouse.exec('CREATE TABLE smoke_sessions (user_id UInt64, session_id String, day Date, seconds Float64, plays UInt32) ENGINE = MergeTree ORDER BY (user_id, session_id)');
    await warehouse.insert('smoke_sessions', rows);

    // Figures by hand: 500 rows, users 1..5 each 100 rows; seconds sum 1.5 * (0 + ... + 499) =
    // 1.5 * 124750 = 187125. User 1 has rows 0, 5, ..., 495: 1.5 * 5 * (0 + ... + 99) = 37125.
    const totals = await warehouse.query<{ n: number; seconds: number; users: number }>('SELECT count() AS n, sum(seconds) AS seconds, uniqExact(user_id) AS users FROM smoke_sessions');
    // Numbers, not strings: the shared setting output_format_json_quote_64bit_integers=0 reached the server.
    expect(totals).toEqual([{ n: 500, seconds: 187125, users: 5 }]);
    const perUser = await warehouse.query<{ user_id: number; n: number; seconds: number }>(
      'SELECT user_id, count() AS n, sum(seconds) AS seconds FROM smoke_sessions GROUP BY user_id ORDER BY user_id LIMIT 1',
    );
    expect(perUser).toEqual([{ user_id: 1, n: 100, seconds: 37125 }]);
    const back = await warehouse.query<SmokeRow>("SELECT user_id, session_id, toString(day) AS day, seconds, plays FROM smoke_sessions WHERE session_id IN ('s-0', 's-499') ORDER BY session_id");
    expect(back).toEqual([rows[0], rows[499]]);
  });

  it('should pass server errors on, and read a missing table as empty only for reports', async () => {
    await expect(warehouse.query('SELECT * FROM no_such_table_v1')).rejects.toThrow(/Code: 60|UNKNOWN_TABLE/);
    expect(await missingTablesAsEmpty(warehouse).query('SELECT * FROM no_such_table_v1')).toEqual([]);
    await expect(missingTablesAsEmpty(warehouse).query('SELEC 1')).rejects.toThrow(/Syntax error|SYNTAX_ERROR/);
  });

  it('should let the analyst read but refuse every write', async () => {
    const read = await analyst.query({ query: 'SELECT count() AS n FROM smoke_sessions', format: 'JSONEachRow' });
    // Without the shared setting a UInt64 comes quoted.
    expect(await read.json()).toEqual([{ n: '500' }]);
    await expect(analyst.insert({ table: 'smoke_sessions', values: [rows[0]], format: 'JSONEachRow' })).rejects.toThrow(/readonly/);
    await expect(analyst.command({ query: 'DROP TABLE smoke_sessions' })).rejects.toThrow(/readonly/);
    await expect(analyst.command({ query: 'CREATE TABLE analyst_table (x UInt8) ENGINE = Memory' })).rejects.toThrow(/readonly/);
    // The app's Warehouse with the analyst's credentials cannot even set its output settings.
    const asAnalyst = await connectWarehouse({ clickhouseUrl: server.analystUrl, dataDir: '/nonexistent' });
    try {
      await expect(asAnalyst.insert('smoke_sessions', [rows[0]!])).rejects.toThrow(/readonly/);
    } finally {
      await asAnalyst.close();
    }
    const [after] = await warehouse.query<{ n: number }>('SELECT count() AS n FROM smoke_sessions');
    expect(after!.n).toBe(500);
  });

  it('should give each test file a database of its own with TEST_CLICKHOUSE_URL, dropped on close', async () => {
    const own = await connectTestWarehouse('/nonexistent', server.url);
    const [{ db } = { db: '' }] = await own.query<{ db: string }>('SELECT currentDatabase() AS db');
    expect(db).toMatch(/^t_\d+_\d+$/);
    await own.exec('CREATE TABLE smoke_sessions (x UInt8) ENGINE = Memory');
    await own.insert('smoke_sessions', [{ x: 1 }]);
    // Same table name as the default database's 500-row table, yet its own.
    expect(await own.query('SELECT count() AS n FROM smoke_sessions')).toEqual([{ n: 1 }]);
    await own.close();
    expect(await warehouse.query(`SELECT name FROM system.databases WHERE name = '${db}'`)).toEqual([]);
    expect(await warehouse.query('SELECT count() AS n FROM smoke_sessions')).toEqual([{ n: 500 }]);
  });
});
