import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { projectors } from '../../projections/projectors.ts';
import { createRebuilds, type Rebuilds } from '../../projections/warehouse/rebuild.ts';
import { withUsageWarehouseVersions } from '../../projections/warehouse/rebuild-versions.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { streams } from '../../schemas/events/index.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { postUsageLog } from '../http/support/usage-kit.ts';

// A rebuild under the rules in force (`npm run rebuild -- --same-rules`) brings an existing
// warehouse to what the current derivation gives: version 1's derived rows are made wrong by hand
// (as a release with a faulty derivation left them), and version 2, built from version 1's raw
// tables under the same rules, has the right ones. Nothing is recorded on the usage-rules stream.
//
// The user (Helsinki, UTC+2 in January): start 2026-01-15 10:00 UTC, stop 10:40 UTC: one session of
// 2,400 s. The hand-made fault: the session 7,200 s long, as if its stop had been tied elsewhere.

const now = new Date('2026-01-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-rebuild-same-'));
let warehouse: Warehouse;
let t: TestApp;
let rebuilds: Rebuilds;
let user: TestUser;

const sessions = (version: number) =>
  warehouse.query<{ length: number; closed_by: string }>(`SELECT length, closed_by FROM ${warehouseTables(version).sessions} FINAL WHERE user_id = ${user.id}`);

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  t = await buildTestApp({ now: () => new Date(now), warehouse, logger: { level: 'error' } });
  user = await t.createUser();
  const headers = { cookie: (await t.login(user)).cookie };
  const posts: Parameters<typeof postUsageLog>[2][] = [
    { page: 'startSession', time: '2026-01-15T10:00:00.000Z', residentIds: [], params: { outdoors: false, activityIds: [] } },
    { page: 'stopSession', time: '2026-01-15T10:40:00.000Z' },
  ];
  for (const data of posts) {
    const response = await postUsageLog(t, headers, data);
    expect(response.statusCode, response.body).toBe(200);
  }
  const clock = () => now.getTime();
  await projectAll({ log: t.store, sql: t.sql, warehouse, projectors: await withUsageWarehouseVersions(t.sql, projectors, { clock }) });
  rebuilds = createRebuilds({ sql: t.sql, log: t.store, warehouse, pollIntervalMs: 20, clock });
}, 120_000);

afterAll(async () => {
  await rebuilds?.stop();
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('rebuild under the same rules', () => {
  it('derives again from the raw tables and gives the corrected figures', async () => {
    expect(await sessions(1)).toEqual([{ length: 2400, closed_by: 'stop' }]);
    // The fault: a newer row of the same key, as a faulty derivation would have written.
    const t1 = warehouseTables(1).sessions;
    await warehouse.exec(
      `INSERT INTO ${t1} SELECT * REPLACE (length + 4800 AS length, end_time + toIntervalSecond(4800) AS end_time, derived_version + 1 AS derived_version) FROM ${t1} FINAL WHERE user_id = ${user.id}`,
    );
    expect(await sessions(1)).toEqual([{ length: 7200, closed_by: 'stop' }]);
    const rulesEvents = (await t.store.readStream(streams.usageRules())).length;

    let progress = await rebuilds.startRebuild({ rules: defaultUsageRules, actor: { userId: 0 }, at: now, sameRules: true });
    for (const deadline = Date.now() + 60_000; !progress.caughtUp; ) {
      expect(Date.now(), 'rebuild did not finish').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
      progress = (await rebuilds.rebuildStatus())!;
    }
    expect(progress).toMatchObject({ version: 2, rules: defaultUsageRules });
    expect(await sessions(2)).toEqual([{ length: 2400, closed_by: 'stop' }]);
    expect(await rebuilds.switchVersion()).toBe(2);
    expect((await t.store.readStream(streams.usageRules())).length).toBe(rulesEvents);
  });
});
