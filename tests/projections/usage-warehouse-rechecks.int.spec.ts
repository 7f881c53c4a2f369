import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner } from '../../projections/engine/runner.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { byStream, closeWarehouseWorld, openWarehouseWorld, type WarehouseWorld, run, started } from './usage-warehouse-support.ts';

// An open explicit session ends when maxPause (900 s) passes without a play: time alone changes it
// (closedBy idle, at its last activity; derive-sessions.ts). The
// live projector keeps the pending rechecks in memory between batches (rechecks.ts), so these
// tests keep ONE runner running over several batches while "now" moves on, as in the product,
// and look at what the tables say after each batch.

const day = '2026-01-15';
const T = (hhmmss: string) => `${day}T${hhmmss}.000Z`;
const id = (n: number) => `5e55a0de-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A session started at `at` and played in from the next minute on. */
const played = (userId: number, session: number, at: string, samples: number) => [
  started(userId, T(at), id(session), []),
  ...run(userId, new Date(Date.parse(T(at)) + 60_000).toISOString(), samples, 1),
];
const t = warehouseTables(1);
let { warehouse, sql, store, dir } = {} as WarehouseWorld;
beforeAll(async () => {
  ({ warehouse, sql, store, dir } = await openWarehouseWorld('rechecks', [51, 52, 53, 54].map((id) => ({ id }))));
});
afterAll(() => closeWarehouseWorld({ warehouse, sql, store, dir }));

const sessionsOf = (userId: number) =>
  warehouse.query<{ start: string; end: string | null; closedBy: string | null }>(
    `SELECT toString(start_time) AS start, toString(end_time) AS end, closed_by AS closedBy FROM ${t.sessions} FINAL WHERE user_id = ${userId} ORDER BY start_time`,
  );
const pendingRechecks = (userId: number) =>
  warehouse.query<{ at: string }>(`SELECT toString(recheck_at) AS at FROM ${t.rechecks} FINAL WHERE user_id = ${userId} ORDER BY recheck_at`);

describe('usage warehouse rechecks, one live runner', () => {
  it('should end an open session once its recheck time passes, on a later batch of other users', async () => {
    let now = Date.parse(T('10:05:00'));
    const runner = createProjectionRunner({
      log: store,
      sql,
      warehouse,
      pollIntervalMs: 20,
      projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now })],
    });
    await runner.start();
    try {
      // Started 10:00, played 10:01-10:03 (samples every 30 s): at 10:05 the session is open (no end), its recheck at the last activity + 900 s.
      await store.appendMany(byStream(played(51, 1, '10:00:00', 5)));
      await runner.waitUntilCaughtUp(60_000);
      expect((await sessionsOf(51)).map((s) => s.end)).toEqual([null]);
      expect(await pendingRechecks(51)).toHaveLength(1);

      // Still before the recheck: another user's batch leaves the session open.
      now = Date.parse(T('10:10:00'));
      await store.appendMany(byStream(played(52, 2, '10:08:00', 2)));
      await runner.waitUntilCaughtUp(60_000);
      expect((await sessionsOf(51)).map((s) => s.end)).toEqual([null]);

      // Past it: the next batch (of another user, nothing of 51's) ends 51's session at its last play.
      now = Date.parse(T('11:00:00'));
      await store.appendMany(byStream(played(53, 3, '10:58:00', 2)));
      await runner.waitUntilCaughtUp(60_000);
      expect(await sessionsOf(51)).toEqual([{ start: '2026-01-15 10:00:00.000', end: '2026-01-15 10:03:00.000', closedBy: 'idle' }]);
      expect(await pendingRechecks(51)).toEqual([]);
      // 52's session (last play 10:09:30) was due too, and ended as well; 53's is open.
      expect((await sessionsOf(52)).map((s) => s.closedBy)).toEqual(['idle']);
      expect((await sessionsOf(53)).map((s) => s.closedBy)).toEqual([null]);

      // A new session of 51 later on: a recheck of its own, done once due like the first.
      now = Date.parse(T('11:32:00'));
      await store.appendMany(byStream(played(51, 4, '11:29:00', 3)));
      await runner.waitUntilCaughtUp(60_000);
      expect((await sessionsOf(51)).map((s) => s.closedBy)).toEqual(['idle', null]);
      now = Date.parse(T('12:00:00'));
      await store.appendMany(byStream(played(54, 5, '11:58:00', 2)));
      await runner.waitUntilCaughtUp(60_000);
      expect((await sessionsOf(51)).map((s) => s.closedBy)).toEqual(['idle', 'idle']);
      expect((await sessionsOf(53)).map((s) => s.closedBy)).toEqual(['idle']);
      expect(await pendingRechecks(51)).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});
