import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { generateWorkload, yesterday } from '../../tools/generate/generate-workload.ts';
import { ensureGeneratedUnits } from '../../tools/generate/generated-units.ts';
import { seedDemoData } from '../../tools/seed/seed-demo-data.ts';
import { connectSql } from '../../infra/sql/connect.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { readCurrentVersions } from '../../projections/engine/checkpoint-store.ts';
import { projectors } from '../../projections/projectors.ts';
import { headlineFigures } from '../../projections/warehouse/rebuild-comparison.ts';
import { withUsageWarehouseVersions } from '../../projections/warehouse/rebuild-versions.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { usageWarehouseName } from '../../projections/warehouse/usage-warehouse-projector.ts';
import type { HeadlineFigures } from '../../schemas/api/rebuild.ts';
import { streams } from '../../schemas/events/index.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { projectAll } from '../../projections/engine/project-all.ts';

// `npm run rebuild` (tools/cli/rebuild.ts) as an operator runs it: a child process on the
// embedded storage under a DATA_DIR that a stopped server left behind: the demo library, three
// days of one generated unit's usage (tools/generate/), projected into version 1 under the
// default rules. The CLI builds version 2 under stricter rules, shows its progress and the old/new
// headline figures, and switches and drops only when asked.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-rebuild-cli-'));
const tsx = path.resolve('node_modules/.bin/tsx');
const now = new Date();
const last = now.toISOString().slice(0, 10);
const first = new Date(now.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
const period = ['--first', first, '--last', last];
const stricter = { ...defaultUsageRules, shortSessionSeconds: 1800, maxPauseSeconds: 300, guidedSources: ['Recipe', 'Search'] };
let v1: HeadlineFigures;

async function rebuild(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // PORT 0: no server answers there, so the CLI does not take this directory for a running server's.
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', CLICKHOUSE_URL: '', PORT: '0' };
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['tools/cli/rebuild.ts', ...args], { env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The storage the CLI left, opened in this process between runs (one process at a time). */
async function inspect<T>(read: (db: { sql: Sql; store: PostgresEventStore; warehouse: Warehouse }) => Promise<T>): Promise<T> {
  const sql = await connectSql({ dataDir });
  const store = createPostgresEventStore(sql);
  const warehouse = await connectWarehouse({ dataDir });
  try {
    return await read({ sql, store, warehouse });
  } finally {
    await warehouse.close();
    await store.close();
    await sql.close();
  }
}

const tableNames = async (warehouse: Warehouse) =>
  (await warehouse.query<{ name: string }>('SELECT name FROM system.tables WHERE database = currentDatabase()')).map((r) => r.name);

/** The row of the comparison table: label, old, new. */
const tableRow = (stdout: string, label: string) => stdout.split('\n').find((line) => line.startsWith(`${label}  `))?.trim().split(/\s{2,}/).slice(1, 3);

beforeAll(async () => {
  await inspect(async ({ sql, store, warehouse }) => {
    await migrate(sql);
    await store.setup();
    const app = await buildApp({ sql, store, config: { cookieSecret: 'test-cookie-secret', jwtSecret: 'test-jwt-secret-of-enough-length!', contactEmail: 'help@sointu.test' }, now: () => now });
    try {
      await seedDemoData({ sql, dataDir });
      const unitNames = await ensureGeneratedUnits(sql, 1);
      await generateWorkload({ app, unitNames, days: 3, until: yesterday(now), seed: 7, via: 'direct' });
    } finally {
      await app.close();
    }
    // What the server would have done before it was stopped: version 1 under the default rules.
    await projectAll({ log: store, sql, warehouse, projectors: await withUsageWarehouseVersions(sql, projectors) });
    v1 = await headlineFigures(warehouse, 1, first, last);
  });
  expect(v1.sessionCount).toBeGreaterThan(0);
}, 180_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run rebuild', () => {
  it('should refuse bad rule values before it opens the storage', async () => {
    const result = await rebuild('--guided-sources', 'Recipe,Radio', '--max-pause-seconds', 'soon');
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(/--max-pause-seconds: .*number/);
    expect(result.stderr).toMatch(/--guided-sources: .*Recipe/);
    expect(result.stderr).toMatch(/^usage: npm run rebuild/m);
    const badMerge = await rebuild('--content-type-merge', 'Video');
    expect(badMerge.code).toBe(64);
    expect(badMerge.stderr).toMatch(/--content-type-merge: expected From=To pairs/);
    expect(await inspect(async ({ store }) => store.readStream(streams.usageRules()))).toEqual([]);
  }, 60_000);

  it('should build version 2 beside version 1 with its progress and the headline figures old and new, without switching', async () => {
    const result = await rebuild('--short-session-seconds', '1800', '--max-pause-seconds', '300', '--guided-sources', 'Recipe, Search', ...period);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Building version 2 beside version 1, from the raw tables of version 1: {"shortSessionSeconds":1800,"maxPauseSeconds":300,"guidedSources":["Recipe","Search"]}');

    const { total, current, recorded, v2 } = await inspect(async ({ sql, store, warehouse }) => ({
      total: Number((await sql.query<{ n: number }>('SELECT count(*) AS n FROM events'))[0]!.n),
      current: (await readCurrentVersions(sql)).get(usageWarehouseName),
      recorded: await store.readStream(streams.usageRules()),
      v2: await headlineFigures(warehouse, 2, first, last),
    }));
    // Progress: the first line is printed before the new version has read the whole log, the last
    // one when it has; the total counts the UsageRulesChanged the CLI appended.
    const progress = [...result.stdout.matchAll(/\] +([\d.]+)% +(\d+)\/(\d+) events/g)].map((m) => ({ percent: m[1], done: Number(m[2]), total: Number(m[3]) }));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]!.done).toBeLessThan(total);
    expect(progress.at(-1)).toEqual({ percent: '100.0', done: total, total });
    expect(progress.every((p) => p.total === total)).toBe(true);

    expect(recorded.map((e) => [e.type, e.data])).toEqual([['UsageRulesChanged', expect.objectContaining({ rules: stricter, changedByUserId: 0 })]]);
    // Headline figures: version 1 as projected before the run, version 2 as the CLI built it.
    // The generator's sessions run a few to some tens of minutes: from 1800 s on, some are hidden.
    expect(result.stdout).toContain(`Headline figures ${first} .. ${last}, all users (short sessions hidden):`);
    expect(tableRow(result.stdout, 'sessions')).toEqual([String(v1.sessionCount), String(v2.sessionCount)]);
    expect(tableRow(result.stdout, 'sessions with participants')).toEqual([String(v1.sessionWithParticipantsCount), String(v2.sessionWithParticipantsCount)]);
    expect(tableRow(result.stdout, 'used days')).toEqual([String(v1.usedDayCount), String(v2.usedDayCount)]);
    expect(tableRow(result.stdout, 'total usage (s)')).toEqual([String(v1.totalUsage), String(v2.totalUsage)]);
    expect(v2.sessionCount).toBeLessThan(v1.sessionCount);

    expect(result.stdout).toContain('Not switched');
    expect(current).toBe(1);
  }, 120_000);

  it('should switch to version 2 with --switch and drop the tables of version 1 with --drop-old', async () => {
    const result = await rebuild('--switch', '--drop-old', ...period);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Resuming the rebuild of version 2');
    expect(result.stdout).toMatch(/\] 100\.0% +(\d+)\/\1 events .* done/);
    expect(result.stdout).toContain('Switched: reports read version 2 now.');
    expect(result.stdout).toContain('Dropped the tables of version 1.');

    const { current, names, v2 } = await inspect(async ({ sql, warehouse }) => ({
      current: (await readCurrentVersions(sql)).get(usageWarehouseName),
      names: await tableNames(warehouse),
      v2: await headlineFigures(warehouse, 2, first, last),
    }));
    expect(current).toBe(2);
    expect(names.filter((name) => name.endsWith('_v1'))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining([...Object.values(warehouseTables(2)), 'login_log']));
    expect(tableRow(result.stdout, 'total usage (s)')).toEqual([String(v1.totalUsage), String(v2.totalUsage)]);
  }, 120_000);

  it('should only drop with --drop-old alone, and say when no older version is left', async () => {
    const result = await rebuild('--drop-old');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('No version below the serving one to drop.');
    expect(result.stdout).not.toContain('Building version');
    const { current, recorded } = await inspect(async ({ sql, store }) => ({
      current: (await readCurrentVersions(sql)).get(usageWarehouseName),
      recorded: await store.readStream(streams.usageRules()),
    }));
    expect(current).toBe(2);
    expect(recorded).toHaveLength(1);
  }, 60_000);
});
