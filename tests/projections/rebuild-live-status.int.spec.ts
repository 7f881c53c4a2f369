import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { projectors } from '../../projections/projectors.ts';
import { createRebuilds, useRebuilds, type Rebuilds } from '../../projections/warehouse/rebuild.ts';
import { withUsageWarehouseVersions } from '../../projections/warehouse/rebuild-versions.ts';
import { usageWarehouseName } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { ProjectionStatusList } from '../../schemas/api/projections.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { postUsageLog } from '../http/support/usage-kit.ts';

// GET /api/admin/projections while a rebuild started through POST /api/admin/rebuilds runs: the
// new version builds in a runner of its own (projections/warehouse/rebuild.ts), which the
// server's runner (built at start-up, as server/main.ts does) does not know of; the status must
// show it anyway, live, not only after a restart. PGlite + chDB; the rebuild runs in batches of 20
// so it is still catching up when first asked.

const now = new Date('2026-01-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-rebuild-status-'));
let warehouse: Warehouse;
let t: TestApp;
let runner: ProjectionRunner;
let rebuilds: Rebuilds;
let admin: TestUser;
let unit: TestUser;
let headers: Record<string, string>;

const statusOf = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/projections', headers });
  expect(response.statusCode, response.body).toBe(200);
  return ProjectionStatusList.parse(response.json()).filter((s) => s.name === usageWarehouseName);
};

beforeAll(async () => {
  warehouse = await connectTestWarehouse(chdbDir);
  t = await buildTestApp({ now: () => new Date(now), warehouse, logger: { level: 'error' } });
  await t.sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180)`);
  admin = await t.createUser({ operator: true });
  unit = await t.createUser();
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
  headers = { cookie: (await t.login(admin)).cookie };
  const unitHeaders = { cookie: (await t.login(unit)).cookie };
  // 4 posts of 40 samples: 160 play samples, besides the two logins.
  for (let post = 0; post < 4; post++) {
    const playLog = Array.from({ length: 40 }, (_, i) => ({ time: new Date(Date.parse('2026-01-15T08:00:00.000Z') + (post * 40 + i) * 30_000).toISOString(), audioFileId: 1, playPosition: i * 30 }));
    const response = await postUsageLog(t, unitHeaders, { page: 'player', playLog });
    expect(response.statusCode, response.body).toBe(200);
  }

  const clock = () => now.getTime();
  runner = createProjectionRunner({ log: t.store, sql: t.sql, warehouse, projectors: await withUsageWarehouseVersions(t.sql, projectors, { clock }), pollIntervalMs: 20 });
  t.app.deps.projections = runner;
  await runner.start();
  await runner.waitUntilCaughtUp(60_000);
  rebuilds = createRebuilds({ sql: t.sql, log: t.store, warehouse, batchSize: 20, pollIntervalMs: 20, clock });
  useRebuilds(t.app.deps, rebuilds);
}, 120_000);

afterAll(async () => {
  await rebuilds?.stop();
  await runner?.stop();
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('GET /api/admin/projections during a rebuild', () => {
  it('should list only the serving version before any rebuild', async () => {
    expect((await statusOf()).map((s) => [s.version, s.current, s.state, s.lagEvents])).toEqual([[1, true, 'live', 0]]);
  });

  it('should show the version a rebuild builds while it runs, then caught up, then current', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/admin/rebuilds', headers, payload: { rules: { ...defaultUsageRules, shortSessionSeconds: 60 }, from: 'log' } });
    expect(started.statusCode, started.body).toBe(200);

    const first = await statusOf();
    const building = first.find((s) => s.version === 2);
    expect(building, JSON.stringify(first)).toBeDefined();
    // 162 events in batches of 20 take longer than one status request.
    expect(building).toMatchObject({ kind: 'warehouse', current: false, state: 'catching-up', lastError: null });
    expect(building!.lagEvents).toBeGreaterThan(0);
    expect(first.find((s) => s.version === 1)).toMatchObject({ current: true, state: 'live' });

    let seenProgress = false;
    let latest = building!;
    for (const deadline = Date.now() + 90_000; latest.lagEvents > 0; ) {
      expect(Date.now(), 'rebuild did not finish').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = (await statusOf()).find((s) => s.version === 2)!;
      // Progress only moves forward.
      expect(next.eventsProcessed).toBeGreaterThanOrEqual(latest.eventsProcessed);
      // Catching up, the projector writes raw rows batch by batch and derives once at the end: the
      // events it holds count as deferred until then.
      if ((next.eventsProcessed > 0 || next.deferredEvents > 0) && next.lagEvents > 0) seenProgress = true;
      latest = next;
    }
    expect(seenProgress).toBe(true);
    expect(latest).toMatchObject({ state: 'live', current: false, lagEvents: 0, deferredEvents: 0 });
    // Every event of the log passed through version 2, as through version 1.
    const v1 = (await statusOf()).find((s) => s.version === 1)!;
    expect(latest.eventsProcessed).toBe(v1.eventsProcessed);

    const switched = await t.app.inject({ method: 'POST', url: '/api/admin/rebuilds/switch', headers });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await statusOf()).map((s) => [s.version, s.current])).toEqual([[1, false], [2, true]]);
  }, 120_000);
});
