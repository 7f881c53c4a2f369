import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { createReadModelRebuilds, withReadModelVersions, type ReadModelRebuilds } from '../../projections/postgres/rebuild.ts';
import { listTargetCounts } from '../../projections/postgres/target-counts.ts';
import { getUsageSessionState } from '../../domain/usage/usage-session-state.ts';
import { projectors, readModels } from '../../projections/projectors.ts';
import { useReadModelRebuilds } from '../../projections/rebuilds.ts';
import { createWarehouseTables } from '../../projections/warehouse/tables.ts';
import { DropOldVersionsResponse, RebuildOverview } from '../../schemas/api/rebuild.ts';
import { demoPassword, demoUnits } from '../../tools/seed/demo-units.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { writeReadModelLog } from './support/read-model-log.ts';

// Issue 13, deliverable 3: every Postgres read model is rebuilt into version 2 beside version 1
// through the warehouse's endpoints (POST /api/admin/rebuilds {projection}, GET .../current,
// POST .../switch, POST .../drop-old), and the queries answer the same before the switch, after
// it, and after version 1's tables are dropped. A change after the switch reaches version 2.

let t: TestApp;
let warehouse: Warehouse;
let chdbDir: string;
let runner: ProjectionRunner;
let rebuilds: ReadModelRebuilds;
let operator: Record<string, string>;
const units: { id: number; headers: Record<string, string> }[] = [];

const inject = (method: 'GET' | 'POST', url: string, payload?: object, headers = operator) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** What the queries answer, for every demo unit, and every row the stable names show. */
async function answers() {
  const perUnit = [];
  for (const unit of units) {
    const read = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await inject(method, url, payload, unit.headers);
      return { status: response.statusCode, body: response.json() as unknown };
    };
    const me = (await read('GET', '/api/')) as { status: number; body: { activeUserTagGroupId?: unknown } };
    perUnit.push({
      activeList: me.body.activeUserTagGroupId,
      lists: await read('GET', '/api/user-tag-groups'),
      messages: await read('POST', '/api/get-messages', {}),
      evaluations: await read('GET', '/api/evaluations'),
      lastPlay: await read('GET', '/api/last-play'),
      targets: await listTargetCounts(t.sql, [unit.id], '2000-01-01', '2100-01-01'),
      session: await getUsageSessionState(t.sql, unit.id),
    });
  }
  const views: Record<string, string[]> = {};
  for (const make of Object.values(readModels)) {
    for (const { view } of make(1).views) views[view] = (await t.sql.query<{ row: string }>(`SELECT to_jsonb(v)::text AS row FROM ${view} v ORDER BY 1`)).map((r) => r.row);
  }
  return { perUnit, views };
}

const overview = async () => RebuildOverview.parse((await inject('GET', '/api/admin/rebuilds/current')).json());

beforeAll(async () => {
  chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-read-model-rebuild-'));
  warehouse = await connectTestWarehouse(path.join(chdbDir, 'chdb'));
  t = await buildTestApp({ warehouse });
  await writeReadModelLog(t);
  const admin = await t.createUser({ operator: true });
  operator = { cookie: (await t.login(admin)).cookie };
  for (const unit of demoUnits.slice(0, 4)) {
    const [row] = await t.sql.query<{ id: number }>('SELECT id FROM users WHERE name = $1', [unit.name]);
    units.push({ id: row!.id, headers: { cookie: (await t.login({ id: row!.id, name: unit.name, password: demoPassword })).cookie } });
  }
  // The serving process, as server/main.ts builds it (the read models; the warehouse only needs its tables here).
  runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: await withReadModelVersions(t.sql, projectors.filter((p) => p.kind === 'postgres'), readModels), pollIntervalMs: 20 });
  await runner.start();
  await runner.waitUntilCaughtUp(120_000);
  await createWarehouseTables(warehouse, 1);
  // Small batches: a rebuild is seen mid-way.
  rebuilds = createReadModelRebuilds({ sql: t.sql, log: t.store, readModels, batchSize: 50, pollIntervalMs: 20 });
  useReadModelRebuilds(t.app.deps, rebuilds);
}, 300_000);

afterAll(async () => {
  await rebuilds?.stop();
  await runner?.stop();
  await t?.close();
  await warehouse?.close();
  if (chdbDir) fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('read model rebuilds', () => {
  it('lists every read model at version 1 with nothing to rebuild or drop', async () => {
    const { readModels: listed } = await overview();
    expect(listed.map((r) => r.name).sort()).toEqual(Object.keys(readModels).sort());
    expect(listed.every((r) => r.currentVersion === 1 && r.rebuild === null && r.droppableVersions.length === 0)).toBe(true);
  });

  it('refuses what is not a read model rebuild, and a switch with nothing built', async () => {
    expect((await inject('POST', '/api/admin/rebuilds', { projection: 'usage-warehouse' })).json()).toMatchObject({ error: { kind: 'InvalidRequest' } });
    expect((await inject('POST', '/api/admin/rebuilds', { projection: 'no-such-thing' })).json()).toMatchObject({ error: { kind: 'InvalidRequest' } });
    expect((await inject('POST', '/api/admin/rebuilds', {})).json()).toMatchObject({ error: { kind: 'ValidationError' } });
    expect((await inject('POST', '/api/admin/rebuilds/switch', { projection: 'favorites' })).statusCode).toBe(409);
    expect((await inject('POST', '/api/admin/rebuilds/switch', { projection: 'no-such-thing' })).json()).toMatchObject({ error: { kind: 'InvalidRequest' } });
    // The warehouse answers to its projection name as to no name at all.
    expect((await inject('POST', '/api/admin/rebuilds/switch', { projection: 'usage-warehouse' })).json()).toMatchObject({ error: { kind: 'Conflict', message: 'No rebuild to switch to' } });
    expect((await inject('POST', '/api/admin/rebuilds/drop-old', { projection: 'usage-warehouse' })).json()).toEqual({ droppedVersions: [] });
  });

  it('rebuilds, switches and drops every read model while the queries answer the same', async () => {
    const before = await answers();
    expect(before.perUnit.some((u) => u.lists.status === 200 && (u.lists.body as unknown[]).length > 0)).toBe(true);
    for (const name of Object.keys(readModels)) {
      const started = await inject('POST', '/api/admin/rebuilds', { projection: name });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({ name, version: 2 });
      expect((await inject('POST', '/api/admin/rebuilds', { projection: name })).statusCode).toBe(409);
      // Built beside version 1, which keeps serving.
      expect(await answers()).toEqual(before);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const progress = (await overview()).readModels.find((r) => r.name === name)!.rebuild!;
        expect(progress.version).toBe(2);
        if (progress.caughtUp) break;
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const switched = await inject('POST', '/api/admin/rebuilds/switch', { projection: name });
      expect(switched.statusCode, switched.body).toBe(200);
      expect(RebuildOverview.parse(switched.json()).readModels.find((r) => r.name === name)).toMatchObject({ currentVersion: 2, rebuild: null, droppableVersions: [1] });
      expect(await answers()).toEqual(before);
    }
    const rows = await t.sql.query<{ name: string; current_version: number }>('SELECT name, current_version FROM projection_versions');
    for (const name of Object.keys(readModels)) expect(rows.find((r) => r.name === name)?.current_version).toBe(2);

    for (const name of Object.keys(readModels)) {
      const dropped = DropOldVersionsResponse.parse((await inject('POST', '/api/admin/rebuilds/drop-old', { projection: name })).json());
      expect(dropped.droppedVersions).toEqual([1]);
      for (const { table } of readModels[name]!(1).views) expect((await t.sql.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]))[0]!.t).toBeNull();
    }
    expect(await answers()).toEqual(before);
  }, 240_000);

  it('keeps projecting the switched-to version: a new login shows', async () => {
    const unit = demoUnits[0]!;
    const before = await t.sql.query<{ last_login_at: Date }>('SELECT last_login_at FROM last_activity WHERE user_id = $1', [units[0]!.id]);
    await t.login({ id: units[0]!.id, name: unit.name, password: demoPassword });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await t.sql.query<{ last_login_at: Date }>('SELECT last_login_at FROM last_activity WHERE user_id = $1', [units[0]!.id]);
      if (row && (!before[0] || new Date(row.last_login_at) > new Date(before[0].last_login_at))) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The dropped version 1 stays quiet in the server's runner: no table came back, nothing failed.
    expect((await t.sql.query<{ t: string | null }>("SELECT to_regclass('rm_last_activity_v1_users')::text AS t"))[0]!.t).toBeNull();
    expect((await runner.status()).filter((s) => s.lastError)).toEqual([]);
    // The operator sees the serving version 2 of every read model, built by its rebuild runner.
    const statuses = (await inject('GET', '/api/admin/projections')).json() as { name: string; version: number; current: boolean }[];
    for (const name of Object.keys(readModels)) expect(statuses.filter((s) => s.name === name).map((s) => [s.version, s.current])).toEqual([[2, true]]);
  });
});
