import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { projectors } from '../../projections/projectors.ts';
import { createRebuilds, useRebuilds, type Rebuilds } from '../../projections/warehouse/rebuild.ts';
import { withUsageWarehouseVersions } from '../../projections/warehouse/rebuild-versions.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { DropOldVersionsResponse, RebuildOverview, RebuildProgress, UsageRulesResponse } from '../../schemas/api/rebuild.ts';
import { UsageTotals } from '../../schemas/api/usage-report.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { postUsageLog } from '../http/support/usage-kit.ts';

// A rebuild end to end on PGlite + chDB: version 1 (default rules: short < 20 s, max pause 900 s)
// serves while version 2 (short < 60 s, max pause 300 s) builds from position 0; reports keep the
// old figures until the switch, change in one step at it, and drop-old removes version 1's tables.
// Version 3 (the default rules again) starts from version 2's raw tables.
//
// All times UTC; users live in Helsinki (UTC+2 in January), so every session falls on its UTC
// date. "Now" is 2026-01-20 12:00 UTC. Samples 30 s apart, the position advancing with the clock.
//
// User A:
//   2026-01-15: file 1 08:00:00-08:02:00 (5 samples): 120 s; file 3 08:08:00-08:09:30 (4 samples): 90 s.
//     The gap 08:02:00 -> 08:08:00 is 360 s.
//     v1 (pause 900): one implicit session 08:00:00-08:09:30 = 570 s.
//     v2 (pause 300): two sessions, 120 s and 90 s, both >= 60 s: counted, 210 s.
//   2026-01-16: file 1 09:00:00-09:00:30 (2 samples): a 30 s session: v1 counted (>= 20), v2 short (< 60).
//   A over 15..17: v1 2 sessions, 2 used days, 600 s; v2 2 sessions, 1 used day, 210 s.
// User B:
//   2026-01-15: file 1 10:00:00-10:01:30 (4 samples): 90 s, counted in both.
//   2026-01-17: file 3 11:00:00-11:00:30 (2 samples): 30 s: v1 counted, v2 short.
//   B over 15..17: v1 2 sessions, 2 used days, 120 s; v2 1 session, 1 used day, 90 s.
// User C (filler, so the rebuild takes many small batches): 2026-01-12, one play of 150 samples,
//   outside the compared period.
// All users over 15..17: v1 4 sessions, 4 used days, 720 s; v2 3 sessions, 2 used days, 300 s.

const now = new Date('2026-01-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-rebuild-'));
const stricter = { ...defaultUsageRules, shortSessionSeconds: 60, maxPauseSeconds: 300 };
let warehouse: Warehouse;
let t: TestApp;
let runner: ProjectionRunner;
let rebuilds: Rebuilds;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
const headers: Record<string, Record<string, string>> = {};

const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
const samples = (from: string, count: number, audioFileId: number) =>
  Array.from({ length: count }, (_, i) => ({ time: at(from, i * 30), audioFileId, playPosition: i * 30 }));

async function post(user: TestUser, playLog: ReturnType<typeof samples>) {
  const response = await postUsageLog(t, headers[user.name]!, { page: 'player', playLog });
  expect(response.statusCode, response.body).toBe(200);
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, user: TestUser = admin) =>
  t.app.inject({ method, url, headers: headers[user.name], ...(payload ? { payload } : {}) });

async function headline(user: TestUser) {
  const response = await inject('GET', `/api/usage/${user.id}/2026-01-15/2026-01-17`, undefined, user);
  expect(response.statusCode, response.body).toBe(200);
  const { sessionCount, usedDayCount, totalUsage } = UsageTotals.parse(response.json());
  return { sessionCount, usedDayCount, totalUsage };
}

const v1Figures = { a: { sessionCount: 2, usedDayCount: 2, totalUsage: 600 }, b: { sessionCount: 2, usedDayCount: 2, totalUsage: 120 } };
const v2Figures = { a: { sessionCount: 2, usedDayCount: 1, totalUsage: 210 }, b: { sessionCount: 1, usedDayCount: 1, totalUsage: 90 } };

async function tableNames(): Promise<string[]> {
  const rows = await warehouse.query<{ name: string }>('SELECT name FROM system.tables WHERE database = currentDatabase()');
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  t = await buildTestApp({ now: () => new Date(now), warehouse, logger: { level: 'error' } });
  await t.sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180), (3, 'MusicPiece', 'Waltz', 240)`);
  a = await t.createUser();
  b = await t.createUser();
  const c = await t.createUser();
  admin = await t.createUser({ operator: true });
  for (const u of [a, b, c, admin]) headers[u.name] = { cookie: (await t.login(u)).cookie };
  // Operators administer users; only they may rebuild.
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($1, $3)', [admin.id, a.id, b.id]);

  await post(a, [...samples('2026-01-15T08:00:00.000Z', 5, 1), ...samples('2026-01-15T08:08:00.000Z', 4, 3)]);
  await post(a, samples('2026-01-16T09:00:00.000Z', 2, 1));
  await post(b, samples('2026-01-15T10:00:00.000Z', 4, 1));
  await post(b, samples('2026-01-17T11:00:00.000Z', 2, 3));
  for (let i = 0; i < 3; i++) await post(c, samples(at('2026-01-12T06:00:00.000Z', i * 50 * 30), 50, 1));

  // The serving process: version 1 under the default rules, as server/main.ts builds it.
  const clock = () => now.getTime();
  runner = createProjectionRunner({ log: t.store, sql: t.sql, warehouse, projectors: await withUsageWarehouseVersions(t.sql, projectors, { clock }), pollIntervalMs: 20 });
  await runner.start();
  await runner.waitUntilCaughtUp(60_000);
  // Small batches: the rebuild takes long enough to be asked about while it runs.
  rebuilds = createRebuilds({ sql: t.sql, log: t.store, warehouse, batchSize: 3, pollIntervalMs: 20, clock });
  useRebuilds(t.app.deps, rebuilds);
}, 120_000);

afterAll(async () => {
  await rebuilds?.stop();
  await runner?.stop();
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('usage warehouse rebuild', () => {
  it('serves version 1 under the default rules before any rebuild', async () => {
    expect(await headline(a)).toEqual(v1Figures.a);
    expect(await headline(b)).toEqual(v1Figures.b);
    const rules = UsageRulesResponse.parse((await inject('GET', '/api/admin/usage-rules')).json());
    expect(rules).toEqual({ rules: defaultUsageRules, currentVersion: 1, currentRules: defaultUsageRules });
  });

  it('refuses callers who administer nobody', async () => {
    expect((await inject('POST', '/api/admin/rebuilds', { rules: stricter }, a)).json()).toMatchObject({ error: { kind: 'AccessDenied' } });
    expect((await inject('GET', '/api/admin/rebuilds/current', undefined, a)).statusCode).toBe(403);
  });

  it('rejects invalid rules and unchanged rules', async () => {
    const invalid = await inject('POST', '/api/admin/rebuilds', { rules: { ...stricter, maxPauseSeconds: 0 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: { kind: 'ValidationError' } });
    const unchanged = await inject('POST', '/api/admin/rebuilds', { rules: defaultUsageRules });
    expect(unchanged.json()).toMatchObject({ error: { kind: 'InvalidRequest' } });
  });

  it('builds version 2 beside version 1, which keeps answering, then switches in one step', async () => {
    // From position 0 of the log, in batches of 3: slow enough to be watched while it builds.
    const started = await inject('PUT', '/api/admin/usage-rules', { rules: stricter, from: 'log' });
    expect(started.statusCode, started.body).toBe(200);
    expect(UsageRulesResponse.parse(started.json())).toEqual({ rules: stricter, currentVersion: 1, currentRules: defaultUsageRules });

    // A second rebuild while one builds is a Conflict; so is a switch before it caught up.
    expect((await inject('POST', '/api/admin/rebuilds', { rules: { ...stricter, shortSessionSeconds: 30 } })).statusCode).toBe(409);

    let seenMidway = false;
    let tooEarly = false;
    for (let i = 0; ; i++) {
      const current = await inject('GET', '/api/admin/rebuilds/current?first=2026-01-15&last=2026-01-17');
      expect(current.statusCode, current.body).toBe(200);
      const overview = RebuildOverview.parse(current.json());
      const progress = overview.rebuild!;
      expect(progress.version).toBe(2);
      expect(progress.rules).toEqual(stricter);
      expect(progress.eventsDone).toBeLessThanOrEqual(progress.eventsTotal);
      // Whatever the progress, every report still reads version 1.
      expect(overview.currentVersion).toBe(1);
      expect(await headline(a)).toEqual(v1Figures.a);
      expect(await headline(b)).toEqual(v1Figures.b);
      if (progress.caughtUp) break;
      if (progress.eventsDone > 0) {
        seenMidway = true;
        if (!tooEarly) {
          const early = await inject('POST', '/api/admin/rebuilds/switch');
          // It may have caught up in between; otherwise the switch must refuse.
          if (early.statusCode !== 200) {
            expect(early.json()).toMatchObject({ error: { kind: 'Conflict' } });
            tooEarly = true;
          } else break;
        }
      }
      expect(i, 'rebuild did not finish').toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenMidway).toBe(true);
    expect(tooEarly).toBe(true);

    const before = RebuildOverview.parse((await inject('GET', '/api/admin/rebuilds/current?first=2026-01-15&last=2026-01-17')).json());
    expect(before.rebuild).toMatchObject({ version: 2, caughtUp: true, secondsLeft: 0 });
    // The test app has the embedded default's own address for links in mails: nothing to warn of.
    expect(before.warnings).toEqual([]);
    t.app.deps.mailLinkUrl = undefined;
    try {
      const unset = RebuildOverview.parse((await inject('GET', '/api/admin/rebuilds/current?first=2026-01-15&last=2026-01-17')).json());
      expect(unset.warnings).toEqual(['publicUrlMissing']);
    } finally {
      t.app.deps.mailLinkUrl = 'http://localhost:3000';
    }
    expect(before.rebuild!.eventsDone).toBe(before.rebuild!.eventsTotal);
    expect(before.comparison).toEqual({
      first: '2026-01-15',
      last: '2026-01-17',
      old: { version: 1, sessionCount: 4, sessionWithParticipantsCount: 0, usedDayCount: 4, totalUsage: 720 },
      new: { version: 2, sessionCount: 3, sessionWithParticipantsCount: 0, usedDayCount: 2, totalUsage: 300 },
    });

    const switched = await inject('POST', '/api/admin/rebuilds/switch');
    expect(switched.statusCode, switched.body).toBe(200);
    const after = RebuildOverview.parse(switched.json());
    expect(after).toMatchObject({ currentVersion: 2, currentRules: stricter, rebuild: null, droppableVersions: [1] });
    expect(await headline(a)).toEqual(v2Figures.a);
    expect(await headline(b)).toEqual(v2Figures.b);
    expect(UsageRulesResponse.parse((await inject('GET', '/api/admin/usage-rules')).json())).toMatchObject({ currentVersion: 2, currentRules: stricter });
  }, 120_000);

  it('drops the old version tables, never the serving ones, and keeps serving version 2', async () => {
    expect((await tableNames()).filter((n) => n.endsWith('_v1')).length).toBeGreaterThan(0);
    const dropped = await inject('POST', '/api/admin/rebuilds/drop-old');
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(DropOldVersionsResponse.parse(dropped.json())).toEqual({ droppedVersions: [1] });
    const names = await tableNames();
    expect(names.filter((n) => n.endsWith('_v1'))).toEqual([]);
    expect(names).toContain(warehouseTables(2).dailyUsage);
    await expect(rebuilds.dropVersion(2)).rejects.toMatchObject({ kind: 'Conflict' });

    // New usage after the drop: version 1's projector in the serving runner stays quiet (no
    // tables come back, no errors), version 2 takes it in. B on 2026-01-17 13:00, 4 samples: 90 s.
    await post(b, samples('2026-01-17T13:00:00.000Z', 4, 1));
    await runner.waitUntilCaughtUp(60_000);
    // Version 2 runs in the rebuild's runner, in batches of 3: wait until it has all 4 samples.
    expect((await rebuilds.versions()).current.version).toBe(2);
    const expected = { sessionCount: 2, usedDayCount: 2, totalUsage: 180 };
    let figures = await headline(b);
    for (const deadline = Date.now() + 30_000; !isDeepStrictEqual(figures, expected) && Date.now() < deadline; figures = await headline(b)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(figures).toEqual(expected);
    expect((await tableNames()).filter((n) => n.endsWith('_v1'))).toEqual([]);
    expect((await runner.status()).filter((s) => s.lastError !== null)).toEqual([]);

    const overview = RebuildOverview.parse((await inject('GET', '/api/admin/rebuilds/current?first=2026-01-15&last=2026-01-17')).json());
    expect(overview).toMatchObject({ currentVersion: 2, rebuild: null, droppableVersions: [], comparison: { old: null } });
    expect(overview.comparison.new).toMatchObject({ version: 2, sessionCount: 4, usedDayCount: 3, totalUsage: 390 });
  }, 60_000);

  it('starts the live versions with their own rules after a restart', async () => {
    const restarted = await withUsageWarehouseVersions(t.sql, projectors);
    expect(restarted.filter((p) => p.name === 'usage-warehouse').map((p) => p.version)).toEqual([2]);
  });

  it("builds version 3 from version 2's raw tables (the default), without reading the log again", async () => {
    // Back to the default rules. By hand, over 15..17: A as under version 1 (2 sessions, 2 days,
    // 600 s); B as under version 1 plus the 90 s session of 2026-01-17 13:00 (3 sessions, 2 days, 210 s).
    const started = await inject('POST', '/api/admin/rebuilds', { rules: defaultUsageRules });
    expect(started.statusCode, started.body).toBe(200);
    let progress = RebuildProgress.parse(started.json());
    for (const deadline = Date.now() + 60_000; !progress.caughtUp; ) {
      expect(Date.now(), 'rebuild did not finish').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
      progress = RebuildOverview.parse((await inject('GET', '/api/admin/rebuilds/current?first=2026-01-15&last=2026-01-17')).json()).rebuild!;
    }
    expect(progress).toMatchObject({ version: 3, stage: 'done', derivation: null });
    expect(progress.eventsDone).toBe(progress.eventsTotal);
    const overview = RebuildOverview.parse((await inject('GET', '/api/admin/rebuilds/current?first=2026-01-15&last=2026-01-17')).json());
    expect(overview.comparison.new).toMatchObject({ version: 3, sessionCount: 5, usedDayCount: 4, totalUsage: 810 });
    const checkpoints = await t.sql.query<{ version: number; events_processed: number }>(
      "SELECT version, events_processed FROM projection_checkpoints WHERE name = 'usage-warehouse' AND version IN (2, 3) ORDER BY version",
    );
    expect(checkpoints.map((c) => Number(c.events_processed))).toEqual([Number(checkpoints[0]!.events_processed), Number(checkpoints[0]!.events_processed)]);
    expect((await inject('POST', '/api/admin/rebuilds/switch')).statusCode).toBe(200);
    expect(await headline(a)).toEqual(v1Figures.a);
    expect(await headline(b)).toEqual({ sessionCount: 3, usedDayCount: 2, totalUsage: 210 });
  });
});
