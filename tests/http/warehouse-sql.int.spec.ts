import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnalystLimits } from '../../infra/clickhouse/analyst-lane.ts';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { runWarehouseSql } from '../../queries/admin/run-warehouse-sql.ts';
import { WarehouseSqlResult } from '../../schemas/api/warehouse-sql.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// POST /api/admin/warehouse-sql on real chDB: reading statements answer within the limits; every
// other statement is refused with a 400 naming why, and the table is unchanged afterwards. The
// probe table carries a documented table's name (searches_v9): analysts read only those.

const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-warehouse-sql-'));
let warehouse: Warehouse;
let limited: Warehouse;
let t: TestApp;
let admin: TestUser;
let plain: TestUser;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  // A lane with small limits of its own, for the row and time limits (chDB: one directory per process).
  limited = await connectWarehouse({ dataDir: chdbDir, analystLimits: { ...defaultAnalystLimits, maxRows: 50, maxExecutionSeconds: 1 } });
  t = await buildTestApp({ warehouse });
  await warehouse.exec('CREATE TABLE IF NOT EXISTS searches_v9 (n UInt64, label String) ENGINE = MergeTree ORDER BY n');
  await warehouse.insert('searches_v9', Array.from({ length: 20 }, (_, n) => ({ n, label: n % 2 === 0 ? 'even' : 'odd' })));
  admin = await t.createUser({ operator: true });
  plain = await t.createUser();
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, plain.id]);
  for (const u of [admin, plain]) headers[u.name] = { cookie: (await t.login(u)).cookie };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  await limited?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

const run = (user: TestUser | null, sql: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/warehouse-sql', headers: user ? headers[user.name] : {}, payload: { sql } });

describe('POST /api/admin/warehouse-sql', () => {
  it('should answer a SELECT with its rows and columns', async () => {
    const response = await run(admin, "SELECT label, count() AS c, sum(n) AS total FROM searches_v9 WHERE label != ';' GROUP BY label ORDER BY label; ");
    expect(response.statusCode, response.body).toBe(200);
    const result = WarehouseSqlResult.parse(response.json());
    // Evens 0..18 sum to 90, odds 1..19 to 100.
    expect(result).toMatchObject({ columns: ['label', 'c', 'total'], rowCount: 2, truncated: false, rows: [{ label: 'even', c: 10, total: 90 }, { label: 'odd', c: 10, total: 100 }] });
  });

  it('should answer WITH and refuse SHOW, DESCRIBE and EXPLAIN, which are not SELECT', async () => {
    const withK = await run(admin, 'WITH 2 AS k SELECT n FROM searches_v9 WHERE n < k ORDER BY n');
    expect(withK.statusCode, withK.body).toBe(200);
    expect(withK.json().rows).toEqual([{ n: 0 }, { n: 1 }]);
    for (const sql of ['SHOW TABLES', 'DESCRIBE TABLE searches_v9', 'EXPLAIN SELECT n FROM searches_v9 -- a trailing comment']) {
      const response = await run(admin, sql);
      expect(response.statusCode, `${sql}: ${response.body}`).toBe(400);
      expect(response.json().error.details[0].message, sql).toMatch(/Only SELECT statements are allowed/);
    }
  });

  it('should cut the rows at the limit and say so', async () => {
    const result = await runWarehouseSql(limited, 'SELECT number FROM numbers(100000)');
    expect(result.rowCount).toBe(50);
    expect(result.truncated).toBe(true);
    expect(result.rows.at(-1)).toEqual({ number: 49 });
  });

  it('should stop a statement that runs past the time limit with InvalidRequest', async () => {
    await expect(runWarehouseSql(limited, 'SELECT count() FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3')).rejects.toMatchObject({ kind: 'InvalidRequest', message: expect.stringMatching(/Timeout/) });
  });

  it('should refuse writes, several statements and settings overrides with a ValidationError', async () => {
    const refused = [
      'INSERT INTO searches_v9 VALUES (100, \'x\')',
      'DROP TABLE searches_v9',
      'ALTER TABLE searches_v9 DELETE WHERE 1',
      'TRUNCATE TABLE searches_v9',
      'SELECT 1; DROP TABLE searches_v9',
      'SELECT 1 SETTINGS readonly = 0',
      'SELECT 1 FORMAT CSV',
      "SELECT 1 INTO OUTFILE '/tmp/x'",
      'SELECT 1 /* unclosed',
      "SELECT 'unclosed",
      '   ',
    ];
    for (const sql of refused) {
      const response = await run(admin, sql);
      expect(response.statusCode, sql).toBe(400);
      expect(response.json().error.kind, sql).toBe('ValidationError');
      expect(response.json().error.details[0].path, sql).toBe('body.sql');
    }
    expect((await run(admin, 'SELECT count() AS n FROM searches_v9')).json().rows).toEqual([{ n: 20 }]);
  });

  it('should refuse file() and a syntax error with a ValidationError naming why', async () => {
    const response = await run(admin, "SELECT * FROM file('/etc/hostname', 'LineAsString')");
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details[0].message).toMatch(/Table function file is not allowed/);
    const syntax = await run(admin, 'SELECT FROM WHERE');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().error.kind).toBe('ValidationError');
    expect(syntax.json().error.details[0].message).toMatch(/ClickHouse could not parse it: Syntax error/);
  });

  it('should be for operators only', async () => {
    expect((await run(plain, 'SELECT 1')).statusCode).toBe(403);
    expect((await run(null, 'SELECT 1')).statusCode).toBe(401);
    const unknownField = await t.app.inject({ method: 'POST', url: '/api/admin/warehouse-sql', headers: headers[admin.name], payload: { sql: 'SELECT 1', limit: 5 } });
    expect(unknownField.statusCode).toBe(400);
  });
});
