import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnalystLimits } from '../../infra/clickhouse/analyst-lane.ts';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { loadConfig } from '../../infra/config.ts';
import { createWarehouseTables } from '../../projections/warehouse/tables.ts';
import { parseExplainAst } from '../../queries/admin/explain-ast.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Issue 12, deliverable 1: an operator's SQL cannot escape the warehouse. Real chDB, the real app.
// Every escape class is refused with a 400 ValidationError (body.sql) saying why; analysts' usual
// queries answer; a result over the byte limit is a 400; analysts' queries queue in their own lane
// and never delay a report; only operators may ask; the server's secrets cannot be read.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-security-sql-'));
let warehouse: Warehouse;
let t: TestApp;
let operator: TestUser;
let unitAdmin: TestUser;
let caregiver: TestUser;
const cookies: Record<string, string> = {};
// The signing keys the server keeps when COOKIE_SECRET and JWT_SECRET are not set.
const config = loadConfig({ DATA_DIR: dataDir });
const secretsFile = path.join(dataDir, 'secrets.json');

beforeAll(async () => {
  // Slow analyst queries stop at 6 s here, so the lane test ends in reasonable time.
  warehouse = await connectWarehouse({ dataDir, analystLimits: { ...defaultAnalystLimits, maxExecutionSeconds: 6 } });
  await createWarehouseTables(warehouse, 1);
  await warehouse.exec('CREATE TABLE IF NOT EXISTS undocumented_notes (note String) ENGINE = MergeTree ORDER BY note');
  await warehouse.insert('undocumented_notes', [{ note: 'not for analysts' }]);
  await warehouse.insert('daily_usage_v1', [
    { user_id: 1, day: '2026-10-01', usage_type: 'Total', seconds: 600, sessions: 2, sessions_with_participants: 1 },
    { user_id: 1, day: '2026-10-02', usage_type: 'Total', seconds: 300, sessions: 1, sessions_with_participants: 0 },
    { user_id: 2, day: '2026-10-01', usage_type: 'Total', seconds: 100, sessions: 1, sessions_with_participants: 1 },
  ]);
  await warehouse.insert('session_participants_v1', [
    { user_id: 1, session_id: '00000000-0000-4000-8000-000000000001', resident_id: 7, day: '2026-10-01' },
    { user_id: 2, session_id: '00000000-0000-4000-8000-000000000002', resident_id: 8, day: '2026-10-01' },
  ]);
  t = await buildTestApp({ warehouse });
  operator = await t.createUser({ operator: true });
  unitAdmin = await t.createUser();
  caregiver = await t.createUser();
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [unitAdmin.id, caregiver.id]);
  for (const u of [operator, unitAdmin, caregiver]) cookies[u.name] = (await t.login(u)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ask = (user: TestUser | null, sql: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/warehouse-sql', headers: user ? { cookie: cookies[user.name]! } : {}, payload: { sql } });

async function expectRefused(sql: string, why: RegExp): Promise<void> {
  const response = await ask(operator, sql);
  expect(response.statusCode, `${sql}: ${response.body}`).toBe(400);
  const error = response.json().error;
  expect(error.kind, sql).toBe('ValidationError');
  expect(error.details[0].path, sql).toBe('body.sql');
  expect(error.details[0].message, sql).toMatch(why);
}

describe('POST /api/admin/warehouse-sql refuses every way out of the warehouse', () => {
  const secrets = () => secretsFile;
  const escapes: [string, () => string, RegExp][] = [
    ['file() table function', () => `SELECT * FROM file('${secrets()}', 'LineAsString')`, /Table function file is not allowed/],
    ['file() function', () => `SELECT file('${secrets()}') AS s`, /Function file is not allowed: it reads files/],
    ['file() in a subquery of IN', () => `SELECT 1 WHERE 'x' IN (SELECT * FROM file('${secrets()}', 'LineAsString'))`, /Table function file is not allowed/],
    ['url', () => "SELECT * FROM url('http://127.0.0.1:1/x', 'LineAsString')", /Table function url is not allowed/],
    ['remote', () => "SELECT * FROM remote('127.0.0.1', system.one)", /Table function remote is not allowed/],
    ['remoteSecure', () => "SELECT * FROM remoteSecure('127.0.0.1', system.one)", /Table function remoteSecure is not allowed/],
    ['cluster', () => "SELECT * FROM cluster('default', system.one)", /Table function cluster is not allowed/],
    ['s3', () => "SELECT * FROM s3('http://127.0.0.1:1/b/x', 'LineAsString')", /Table function s3 is not allowed/],
    ['hdfs', () => "SELECT * FROM hdfs('hdfs://127.0.0.1:1/x', 'LineAsString')", /Table function hdfs is not allowed/],
    ['executable', () => "SELECT * FROM executable('cat /etc/passwd', 'LineAsString', 'x String')", /Table function executable is not allowed/],
    ['mysql', () => "SELECT * FROM mysql('127.0.0.1:1', 'd', 't', 'u', 'p')", /Table function mysql is not allowed/],
    ['postgresql', () => "SELECT * FROM postgresql('127.0.0.1:1', 'd', 't', 'u', 'p')", /Table function postgresql is not allowed/],
    ['jdbc', () => "SELECT * FROM jdbc('x', 'y')", /Table function jdbc is not allowed/],
    ['input', () => "SELECT * FROM input('x String')", /Table function input is not allowed/],
    ['view', () => 'SELECT * FROM view(SELECT 1)', /Table function view is not allowed/],
    ['merge', () => "SELECT * FROM merge('default', '.*')", /Table function merge is not allowed/],
    ['dictGet', () => "SELECT dictGet('d', 'a', toUInt64(1))", /Function dictGet is not allowed: dictionaries/],
    ['joinGet', () => "SELECT joinGet('t', 'a', 1)", /Function joinGet is not allowed: dictionaries/],
    ['system table', () => 'SELECT * FROM system.tables', /Table system.tables is not allowed/],
    ['system table in IN', () => "SELECT 1 WHERE 'x' IN system.tables", /Table system.tables is not allowed/],
    ['another database', () => 'SELECT * FROM default.daily_usage_v1', /Table default.daily_usage_v1 is not allowed/],
    ['undocumented table', () => 'SELECT * FROM undocumented_notes', /Table undocumented_notes is not allowed/],
    ['undocumented table beside a CTE of its name', () => 'SELECT * FROM (WITH undocumented_notes AS (SELECT 1) SELECT * FROM undocumented_notes), undocumented_notes', /Table undocumented_notes is not allowed/],
    ['heredoc', () => 'SELECT $$secret$$', /Heredoc strings/],
    ['tagged heredoc', () => 'SELECT $tag$x$tag$', /Heredoc strings/],
    ['nested comments', () => 'SELECT 1 /* a /* b */ c */', /Nested comments/],
    ['a line break in a quoted name', () => 'SELECT 1 AS `x\n  TableIdentifier daily_usage_v1`', /Quoted names may not hold/],
    ['two statements', () => 'SELECT 1; SELECT 2', /Multi-statements are not allowed/],
    ['two statements, the second a write', () => 'SELECT 1; DROP TABLE daily_usage_v1', /Multi-statements are not allowed/],
    ['SETTINGS at the top', () => 'SELECT 1 SETTINGS max_result_rows = 1000000000', /SETTINGS is not allowed/],
    ['SETTINGS readonly at the top', () => 'SELECT 1 SETTINGS readonly = 0', /SETTINGS is not allowed/],
    ['SETTINGS in a subquery', () => 'SELECT * FROM (SELECT 1 SETTINGS max_execution_time = 100000)', /SETTINGS is not allowed/],
    ['FORMAT', () => 'SELECT 1 FORMAT CSV', /FORMAT and INTO OUTFILE are not allowed/],
    ['INTO OUTFILE', () => "SELECT 1 INTO OUTFILE '/tmp/sointu-outfile'", /FORMAT and INTO OUTFILE are not allowed/],
    ['APPLY, whose function the parse does not name', () => 'SELECT * APPLY(toString) FROM daily_usage_v1', /Columns Apply Transformer is not allowed/],
    ['INSERT', () => "INSERT INTO daily_usage_v1 (user_id) VALUES (1)", /Only SELECT statements are allowed.*not INSERT/],
    ['INSERT SELECT', () => 'INSERT INTO daily_usage_v1 SELECT * FROM daily_usage_v1', /not INSERT/],
    ['ALTER', () => 'ALTER TABLE daily_usage_v1 DELETE WHERE 1', /not ALTER/],
    ['DROP', () => 'DROP TABLE daily_usage_v1', /not DROP/],
    ['TRUNCATE', () => 'TRUNCATE TABLE daily_usage_v1', /Only SELECT statements are allowed/],
    ['CREATE', () => 'CREATE TABLE x (n UInt8) ENGINE = Memory', /not CREATE/],
    ['CREATE FUNCTION', () => 'CREATE FUNCTION f AS (x) -> x', /Only SELECT statements are allowed/],
    ['ATTACH', () => 'ATTACH TABLE daily_usage_v1', /not ATTACH/],
    ['OPTIMIZE', () => 'OPTIMIZE TABLE daily_usage_v1 FINAL', /not OPTIMIZE/],
    ['KILL', () => 'KILL QUERY WHERE 1', /not KILL QUERY/],
    ['SYSTEM', () => 'SYSTEM SHUTDOWN', /Only SELECT statements are allowed/],
    ['SET', () => 'SET readonly = 0', /not SET/],
    ['USE', () => 'USE system', /not USE/],
    ['EXCHANGE', () => 'EXCHANGE TABLES daily_usage_v1 AND plays_v1', /Only SELECT statements are allowed/],
    ['SHOW', () => 'SHOW TABLES', /Only SELECT statements are allowed/],
    ['EXPLAIN', () => 'EXPLAIN SELECT 1', /Only SELECT statements are allowed/],
    ['sleep', () => 'SELECT sleep(3)', /Function sleep is not allowed: it only stalls/],
    ['sleepEachRow', () => 'SELECT sleepEachRow(1) FROM daily_usage_v1', /Function sleepEachRow is not allowed/],
    ['throwIf', () => 'SELECT throwIf(1)', /Function throwIf is not allowed/],
    ['getSetting', () => "SELECT getSetting('max_result_rows')", /Function getSetting is not allowed: it reads files or tells about the server/],
    ['hostName', () => 'SELECT hostName()', /Function hostName is not allowed/],
    ['currentUser', () => 'SELECT currentUser()', /Function currentUser is not allowed/],
    ['version', () => 'SELECT version()', /Function version is not allowed/],
    ['filesystemAvailable', () => 'SELECT filesystemAvailable()', /Function filesystemAvailable is not allowed/],
    ['getServerPort', () => "SELECT getServerPort('tcp_port')", /Function getServerPort is not allowed/],
    ['an unknown function', () => 'SELECT someUdf(1)', /Function someUdf is not allowed \(not on the analysts' list/],
    ['a syntax error', () => 'SELECT FROM WHERE', /ClickHouse could not parse it: Syntax error/],
  ];
  for (const [name, sql, why] of escapes) {
    it(`should refuse ${name}`, () => expectRefused(sql(), why));
  }

  it('should leave the tables as they were', async () => {
    const response = await ask(operator, 'SELECT count() AS n FROM daily_usage_v1');
    expect(response.json().rows).toEqual([{ n: 3 }]);
  });
});

describe('POST /api/admin/warehouse-sql answers analysts', () => {
  const answers: [string, string, unknown[]][] = [
    ['aggregates and dates', "SELECT user_id, sum(seconds) AS s, toStartOfMonth(day) AS month FROM daily_usage_v1 FINAL WHERE day BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY user_id, month ORDER BY user_id", [{ user_id: 1, s: 900, month: '2026-10-01' }, { user_id: 2, s: 100, month: '2026-10-01' }]],
    ['WITH tables and scalars', 'WITH 500 AS least, busy AS (SELECT user_id, sum(seconds) AS s FROM daily_usage_v1 FINAL GROUP BY user_id) SELECT user_id FROM busy WHERE s > least', [{ user_id: 1 }]],
    ['UNION ALL', "SELECT * FROM (SELECT 'a' AS k, count() AS n FROM daily_usage_v1 UNION ALL SELECT 'b', count() FROM session_participants_v1) ORDER BY k", [{ k: 'a', n: 3 }, { k: 'b', n: 2 }]],
    ['a JOIN of two documented tables', 'SELECT d.user_id, p.resident_id FROM daily_usage_v1 AS d FINAL INNER JOIN session_participants_v1 AS p FINAL ON d.user_id = p.user_id AND d.day = p.day ORDER BY d.user_id', [{ user_id: 1, resident_id: 7 }, { user_id: 2, resident_id: 8 }]],
    ['a subquery in FROM and IN', 'SELECT count() AS n FROM (SELECT user_id FROM daily_usage_v1 WHERE user_id IN (SELECT user_id FROM session_participants_v1 WHERE resident_id = 7))', [{ n: 2 }]],
    ['lambdas, arrays, conditionals and a window', "SELECT user_id, arrayMap(x -> x * 2, [1, 2]) AS a, if(seconds > 200, 'long', 'short') AS kind, row_number() OVER (PARTITION BY user_id ORDER BY day) AS r FROM daily_usage_v1 WHERE user_id = 1 ORDER BY day", [{ user_id: 1, a: [2, 4], kind: 'long', r: 1 }, { user_id: 1, a: [2, 4], kind: 'long', r: 2 }]],
    ['combinators, strings and a comment', "-- per user\nSELECT sumIf(seconds, sessions > 1) AS s, upper(concat('a', 'b')) AS t, uniqExact(user_id) AS u FROM daily_usage_v1 /* all */", [{ s: 600, t: 'AB', u: 2 }]],
    ['numbers()', 'SELECT count() AS n FROM numbers(1000)', [{ n: 1000 }]],
    ['login_log', 'SELECT count() AS n FROM login_log', [{ n: 0 }]],
  ];
  beforeAll(async () => {
    const { loginLogProjector } = await import('../../projections/warehouse/login-log.ts');
    await loginLogProjector.setup(warehouse);
  });
  for (const [name, sql, rows] of answers) {
    it(`should answer ${name}`, async () => {
      const response = await ask(operator, sql);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().rows).toEqual(rows);
    });
  }
});

describe('POST /api/admin/warehouse-sql accepts the SQL analysts write', () => {
  // Over empty tables: what matters is that the check lets them through and ClickHouse runs them.
  const accepted = [
    'SELECT count(DISTINCT user_id), uniqExact(user_id) FROM plays_v1',
    'SELECT EXISTS (SELECT 1 FROM plays_v1) AS e',
    'SELECT DISTINCT ON (user_id) user_id FROM plays_v1',
    'SELECT user_id FROM plays_v1 ORDER BY length DESC NULLS LAST LIMIT 2 BY user_id LIMIT 10',
    'SELECT quantile(0.5)(length), quantiles(0.1, 0.9)(length), topK(3)(audio_file_id) FROM plays_v1',
    "SELECT now() - INTERVAL 1 DAY, EXTRACT(YEAR FROM day), CASE WHEN length > 1 THEN 'a' ELSE 'b' END, length BETWEEN 1 AND 2, content_type LIKE 'a%', content_type ILIKE 'a%', length::String, date '2026-01-01', NULL, content_type IS NULL FROM plays_v1",
    'SELECT user_id, sum(length) OVER (PARTITION BY user_id ORDER BY start_time ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM plays_v1',
    'SELECT day, count() FROM plays_v1 GROUP BY day ORDER BY day WITH FILL',
    'SELECT user_id, day, count(), grouping(user_id) FROM plays_v1 GROUP BY ROLLUP(user_id, day) HAVING count() > 0',
    'SELECT user_id FROM plays_v1 QUALIFY row_number() OVER (PARTITION BY user_id ORDER BY day) = 1',
    'SELECT r FROM session_starts_v1 LEFT ARRAY JOIN resident_ids AS r',
    'SELECT * FROM plays_v1 FINAL PREWHERE user_id = 1 WHERE length > 0',
    "SELECT COLUMNS('_id$') FROM plays_v1",
    'SELECT * EXCEPT (play_id) REPLACE (length * 2 AS length) FROM plays_v1',
    "SELECT toStartOfWeek(day), formatDateTime(start_time, '%F'), dateDiff('day', day, today()), toTimeZone(start_time, 'Europe/Helsinki') FROM plays_v1",
    "SELECT JSONExtractString(params, 'a') FROM button_actions_v1",
    'SELECT (SELECT count() FROM sessions_v1) AS total',
    'SELECT user_id FROM plays_v1 INTERSECT SELECT user_id FROM sessions_v1',
    "SELECT avgIf(p.length, p.length > 0), countIf(short), groupArray(audio_file_id), argMax(p.user_id, p.length) FROM plays_v1 AS p JOIN sessions_v1 s USING (user_id, session_id)",
    "SELECT tuple(1, 2).1, [1, 2][1], map('a', 1)['a'], arrayMap(x -> x + 1, [1]), splitByChar(',', 'a,b')",
  ];
  for (const sql of accepted) {
    it(`should run ${sql.slice(0, 70)}`, async () => {
      const response = await ask(operator, sql);
      expect(response.statusCode, response.body).toBe(200);
    });
  }
});

describe('limits ClickHouse holds', () => {
  it('should answer a result over the byte limit with a 400 that says to narrow it', async () => {
    // 10,000 rows of 5,000 bytes: about 50 MB.
    const response = await ask(operator, "SELECT repeat('x', 5000 + number % 2) AS s FROM numbers(10000)");
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(response.json().error.details[0].message).toMatch(/The result is too large \(over 4 MB\): narrow it/);
    expect(response.body.length).toBeLessThan(1000);
  });

  it('should answer a constant column that is large only once printed with the same 400', async () => {
    const response = await ask(operator, "SELECT repeat('x', 5000) AS s FROM numbers(10000)");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].message).toMatch(/The result is too large/);
  });

  it('should cut at maxRows with truncated set, and not set it when the rows fit exactly', async () => {
    const over = (await ask(operator, 'SELECT number FROM numbers(10005)')).json();
    expect(over).toMatchObject({ rowCount: 10_000, truncated: true, maxRows: 10_000 });
    const exact = (await ask(operator, 'SELECT number FROM numbers(10000)')).json();
    expect(exact).toMatchObject({ rowCount: 10_000, truncated: false });
  });

  it('should keep readonly and the limits on the analyst session even for SQL that skips the check', async () => {
    await expect(warehouse.analyst.query('SELECT 1 SETTINGS max_result_rows = 0')).rejects.toThrow(/readonly/i);
    await expect(warehouse.analyst.query('CREATE TABLE analyst_write (n UInt8) ENGINE = Memory')).rejects.toThrow(/readonly/i);
  });
});

describe('the analyst lane', () => {
  it('should not delay a report while three slow analyst queries run', async () => {
    const slow = 'SELECT count() AS n FROM numbers(100000000000) WHERE sipHash64(number) % 7 = 3';
    const started = performance.now();
    let finished = 0;
    const analysts = [1, 2, 3].map(() =>
      ask(operator, slow).then((r) => {
        finished++;
        return { status: r.statusCode, at: performance.now() - started };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // A caregiver's report reads the same tables on the normal sessions: it is answered while the
    // first analyst query still runs (each runs to its 6 s limit), so it did not queue behind them.
    const report = await warehouse.query("SELECT usage_type, sum(seconds) AS s FROM daily_usage_v1 FINAL WHERE user_id = 1 AND day BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY usage_type");
    expect(report).toEqual([{ usage_type: 'Total', s: 900 }]);
    expect(finished, 'the report waited for an analyst query').toBe(0);
    // The check does not wait for the queue either: a refusal is answered before any of them ends.
    expect((await ask(operator, 'SELECT hostName()')).statusCode).toBe(400);
    expect(finished, 'the refusal waited for an analyst query').toBe(0);
    const done = await Promise.all(analysts);
    // Each stops at its 6 s limit (400 timeout), one after another: the queue, not three at once.
    expect(done.map((d) => d.status)).toEqual([400, 400, 400]);
    expect(done[0]!.at).toBeGreaterThanOrEqual(5000);
    expect(done[2]!.at).toBeGreaterThanOrEqual(15_000);
  }, 120_000);
});

describe('reading EXPLAIN AST', () => {
  it('should read nodes, names, aliases and child counts', () => {
    const tree = parseExplainAst('SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  Function sum (alias s) (children 1)\n   Identifier x\n');
    expect(tree?.children[0]?.children[0]).toEqual({ kind: 'Function', name: 'sum', alias: 's', children: [{ kind: 'Identifier', name: 'x', children: [] }] });
  });

  it('should refuse to guess when lines and declared children disagree', () => {
    // What a name holding a line break would print: a line more than the counts declare.
    expect(parseExplainAst('SelectWithUnionQuery (children 1)\n ExpressionList (children 1)\n  Literal UInt64_1 (alias x\n  TableIdentifier secrets)\n')).toBeNull();
    expect(parseExplainAst('SelectWithUnionQuery (children 2)\n ExpressionList\n')).toBeNull();
    expect(parseExplainAst('SelectWithUnionQuery\n2\n')).toBeNull();
  });
});

describe('who may ask', () => {
  it('should answer 403 to a unit administrator and a caregiver, 401 to anyone not logged in', async () => {
    expect((await ask(unitAdmin, 'SELECT 1')).statusCode).toBe(403);
    expect((await ask(caregiver, 'SELECT 1')).statusCode).toBe(403);
    expect((await ask(null, 'SELECT 1')).statusCode).toBe(401);
  });
});

describe('the server\'s secrets', () => {
  it('should exist where the test looks for them', () => {
    expect(JSON.parse(fs.readFileSync(secretsFile, 'utf8')).cookieSecret).toBe(config.cookieSecret);
  });

  it('should not come back from any way of naming the file', async () => {
    for (const sql of [
      `SELECT * FROM file('${secretsFile}', 'LineAsString')`,
      `SELECT file('${secretsFile}')`,
      `SELECT * FROM file('../../secrets.json', 'LineAsString')`,
      `SELECT * FROM url('file://${secretsFile}', 'LineAsString')`,
      `SELECT arrayMap(p -> file(p), ['${secretsFile}'])`,
    ]) {
      const response = await ask(operator, sql);
      expect(response.statusCode, sql).toBe(400);
      expect(response.body, sql).not.toContain(config.cookieSecret);
    }
  });

  it('should not be readable by the file() table function on the analyst session, check or no check', async () => {
    // readonly=1 refuses table functions that read files; user_files_path points to an empty folder.
    await expect(warehouse.analyst.query(`SELECT * FROM file('${secretsFile}', 'LineAsString')`)).rejects.toThrow(/readonly/i);
    const paths = await warehouse.query<{ value: string }>("SELECT value FROM system.server_settings WHERE name = 'user_files_path'");
    expect(paths[0]!.value).toBe(path.join(dataDir, 'chdb', 'analyst-files'));
    expect(fs.readdirSync(paths[0]!.value)).toEqual([]);
  });
});
