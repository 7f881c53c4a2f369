import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAll } from '../../projections/engine/project-all.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { getUsageTotals } from '../../queries/usage/get-usage-totals.ts';
import { reportPeriod } from '../../queries/usage/report-scope.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { byStream, closeWarehouseWorld, openWarehouseWorld, type WarehouseWorld, run, sample, started, stopped } from './usage-warehouse-support.ts';

// Golden tests, worked out by hand, for the settled cases of DOMAIN.md section 3 and the two
// defects of issue 22, through the real projector on chDB. Events are delivered in the order
// written, each delivery projected by a new projector (a restart) before the next is appended:
// the arrival order of the reproductions. One user per case. All times are UTC on
// 2026-01-15 (Helsinki is UTC+2: every session lies on local 2026-01-15). maxPauseSeconds = 900.

const now = new Date('2026-11-22T00:00:00Z');
const day = '2026-01-15';
const T = (hhmmss: string) => `${day}T${hhmmss}.000Z`;
const userIds = [31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43];
const t = warehouseTables(1);

let { warehouse, sql, store, dir } = {} as WarehouseWorld;
beforeAll(async () => {
  ({ warehouse, sql, store, dir } = await openWarehouseWorld('settled', userIds.map((id) => ({ id }))));
  // File 3: a music piece in a category without a content type.
  await sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (13, 'Aino''s list', 'Music', NULL)`);
  await sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (3, 'MusicPiece', 'Untyped', 200)`);
  await sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (3, 13, 0)');
});
afterAll(() => closeWarehouseWorld({ warehouse, sql, store, dir }));

type Delivery = Parameters<typeof byStream>[0];

/** Appends each delivery and projects it before the next one, with a new projector each time. */
async function deliver(...deliveries: Delivery[]): Promise<void> {
  for (const events of deliveries) {
    await store.appendMany(byStream(events));
    await projectAll({ log: store, sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })] });
  }
}

interface SessionRow {
  kind: string;
  start: string;
  end: string | null;
  length: number | null;
  closed_by: string | null;
  short: boolean;
  play_count: number;
  guided_seconds: number;
}

const sessionsOf = (userId: number) =>
  warehouse.query<SessionRow>(
    `SELECT kind, toString(start_time) AS start, toString(end_time) AS end, length, closed_by, short, play_count, guided_seconds
       FROM ${t.sessions} FINAL WHERE user_id = ${userId} ORDER BY start_time, session_id`,
  );
const id = (n: number) => `5e55a0de-0000-4000-8000-${String(n).padStart(12, '0')}`;
const hms = (text: string) => text.slice(11, 19);
const brief = (rows: SessionRow[]) => rows.map((s) => ({ kind: s.kind, start: hms(s.start), end: s.end === null ? null : hms(s.end), length: s.length, closedBy: s.closed_by, plays: s.play_count, guided: s.guided_seconds }));

describe('issue 22: the two defects', () => {
  it('ties a stop to the start before it by client time, whatever arrived first (defect 1)', async () => {
    // Arrival: start 10:00, stop 12:10, start 12:00. By client time the stop (12:10) follows the
    // 12:00 start: session 12:00-12:10 = 600 s, closedBy stop. The 10:00 session has no play and
    // no stop of its own, and is not open at 12:00 (two hours > 900 s): no end (hidden).
    await deliver([started(31, T('10:00:00'), id(1), [])], [stopped(31, T('12:10:00'), null)], [started(31, T('12:00:00'), id(2), [])]);
    expect(brief(await sessionsOf(31))).toEqual([
      { kind: 'explicit', start: '10:00:00', end: null, length: null, closedBy: null, plays: 0, guided: 0 },
      { kind: 'explicit', start: '12:00:00', end: '12:10:00', length: 600, closedBy: 'stop', plays: 0, guided: 0 },
    ]);
  });

  it('keeps a stop that arrives late, far from its session (defect 2)', async () => {
    // Start 10:00, projected; then the stop at 10:40, 40 minutes (> 900 s) from any other activity:
    // one session 10:00-10:40 = 2,400 s, closedBy stop.
    await deliver([started(32, T('10:00:00'), id(3), [])], [stopped(32, T('10:40:00'), null)]);
    expect(brief(await sessionsOf(32))).toEqual([{ kind: 'explicit', start: '10:00:00', end: '10:40:00', length: 2400, closedBy: 'stop', plays: 0, guided: 0 }]);
  });
});

describe('DOMAIN.md section 3, settled cases', () => {
  it('ends a session with several stops at the earliest, whatever their order', async () => {
    // Start 09:00; stops at 09:30 (arrives first) and 09:20. The earliest wins: 09:00-09:20 = 1,200 s.
    await deliver([started(33, T('09:00:00'), id(4), [])], [stopped(33, T('09:30:00'), id(4))], [stopped(33, T('09:20:00'), null)]);
    expect(brief(await sessionsOf(33))).toEqual([{ kind: 'explicit', start: '09:00:00', end: '09:20:00', length: 1200, closedBy: 'stop', plays: 0, guided: 0 }]);
  });

  it('takes a stop that arrives before its start, and ignores a stop before any start', async () => {
    // Stop 07:00 with no start before it: ignored. Stop 14:30 arrives, then start 14:00: one session
    // 14:00-14:30 = 1,800 s. File 1 07:10:00-07:12:00 (5 samples 30 s apart, 120 s) is implicit.
    await deliver([stopped(34, T('07:00:00'), null), ...run(34, T('07:10:00'), 5, 1)], [stopped(34, T('14:30:00'), null)], [started(34, T('14:00:00'), id(5), [])]);
    expect(brief(await sessionsOf(34))).toEqual([
      { kind: 'implicit', start: '07:10:00', end: '07:12:00', length: 120, closedBy: 'implicit', plays: 1, guided: 0 },
      { kind: 'explicit', start: '14:00:00', end: '14:30:00', length: 1800, closedBy: 'stop', plays: 0, guided: 0 },
    ]);
  });

  it('re-derives a session when its stop comes days late', async () => {
    // Start 10:00, file 1 10:05:00-10:07:00 (5 samples, 120 s), projected: the session idled out at
    // the play's end, 10:00-10:07 = 420 s, closedBy idle. Days later the stop at 10:30 arrives:
    // 10:00-10:30 = 1,800 s, closedBy stop, the play still its own (120 s guided).
    await deliver([started(35, T('10:00:00'), id(6), []), ...run(35, T('10:05:00'), 5, 1)]);
    expect(brief(await sessionsOf(35))).toEqual([{ kind: 'explicit', start: '10:00:00', end: '10:07:00', length: 420, closedBy: 'idle', plays: 1, guided: 120 }]);
    await deliver([stopped(35, T('10:30:00'), null)]);
    expect(brief(await sessionsOf(35))).toEqual([{ kind: 'explicit', start: '10:00:00', end: '10:30:00', length: 1800, closedBy: 'stop', plays: 1, guided: 120 }]);
  });

  it('ends an open session at the next start, with or without plays', async () => {
    // A 09:00, no play; B 09:10, stopped 09:40. A is open at 09:10 (10 min <= 15 min): 09:00-09:10 =
    // 600 s, closedBy nextSession. B: 09:10-09:40 = 1,800 s.
    // C 11:00, file 1 11:01:00-11:03:00 (120 s); D 11:15 (12 min after the play's end), stopped
    // 11:20. C: 11:00-11:15 = 900 s, nextSession, its play guided. D: 11:15-11:20 = 300 s.
    // E 13:00, no play; F 13:30 (30 min later: E is no longer open), stopped 13:31. E has no end;
    // F: 60 s.
    await deliver(
      [started(36, T('09:10:00'), id(8), []), stopped(36, T('09:40:00'), null)],
      [started(36, T('09:00:00'), id(7), [])],
      [started(36, T('11:00:00'), id(9), []), ...run(36, T('11:01:00'), 5, 1), stopped(36, T('11:20:00'), null)],
      [started(36, T('11:15:00'), id(10), [])],
      [started(36, T('13:00:00'), id(11), []), started(36, T('13:30:00'), id(12), []), stopped(36, T('13:31:00'), null)],
    );
    expect(brief(await sessionsOf(36))).toEqual([
      { kind: 'explicit', start: '09:00:00', end: '09:10:00', length: 600, closedBy: 'nextSession', plays: 0, guided: 0 },
      { kind: 'explicit', start: '09:10:00', end: '09:40:00', length: 1800, closedBy: 'stop', plays: 0, guided: 0 },
      { kind: 'explicit', start: '11:00:00', end: '11:15:00', length: 900, closedBy: 'nextSession', plays: 1, guided: 120 },
      { kind: 'explicit', start: '11:15:00', end: '11:20:00', length: 300, closedBy: 'stop', plays: 0, guided: 0 },
      { kind: 'explicit', start: '13:00:00', end: null, length: null, closedBy: null, plays: 0, guided: 0 },
      { kind: 'explicit', start: '13:30:00', end: '13:31:00', length: 60, closedBy: 'stop', plays: 0, guided: 0 },
    ]);
  });

  it('gives a stopped session every play inside it, an unstopped one plays up to the first long gap', async () => {
    // Stopped: start 09:00, file 1 09:01:00-09:02:00 (3 samples, 60 s), file 1 09:40:00-09:41:00
    // (60 s, 38 min later), stop 10:00: one session 3,600 s with both plays, 120 s guided.
    // Unstopped: start 12:00, file 1 12:01:00-12:02:00 (60 s), file 1 12:30:00-12:31:00 (28 min
    // after): the session idles out at 12:02 (120 s, 60 s guided); the second play is an implicit
    // session of 60 s.
    await deliver(
      [...run(37, T('09:40:00'), 3, 1), stopped(37, T('10:00:00'), null)],
      [started(37, T('09:00:00'), id(13), []), ...run(37, T('09:01:00'), 3, 1)],
      [...run(37, T('12:30:00'), 3, 1)],
      [started(37, T('12:00:00'), id(14), []), ...run(37, T('12:01:00'), 3, 1)],
    );
    expect(brief(await sessionsOf(37))).toEqual([
      { kind: 'explicit', start: '09:00:00', end: '10:00:00', length: 3600, closedBy: 'stop', plays: 2, guided: 120 },
      { kind: 'explicit', start: '12:00:00', end: '12:02:00', length: 120, closedBy: 'idle', plays: 1, guided: 60 },
      { kind: 'implicit', start: '12:30:00', end: '12:31:00', length: 60, closedBy: 'implicit', plays: 1, guided: 0 },
    ]);
  });

  it('never lets an implicit session reach across an explicit start', async () => {
    // File 1 09:00:00-09:02:00 (120 s); start 09:05, stop 09:06 (60 s, short); file 2
    // 09:08:00-09:10:00 (120 s), 6 minutes after the first play: a new implicit session all the same.
    // (Another file, as the same file within maxPause would continue the first play.)
    await deliver([...run(38, T('09:00:00'), 5, 1), ...run(38, T('09:08:00'), 5, 2)], [started(38, T('09:05:00'), id(15), []), stopped(38, T('09:06:00'), null)]);
    expect(brief(await sessionsOf(38))).toEqual([
      { kind: 'implicit', start: '09:00:00', end: '09:02:00', length: 120, closedBy: 'implicit', plays: 1, guided: 0 },
      { kind: 'explicit', start: '09:05:00', end: '09:06:00', length: 60, closedBy: 'stop', plays: 0, guided: 0 },
      { kind: 'implicit', start: '09:08:00', end: '09:10:00', length: 120, closedBy: 'implicit', plays: 1, guided: 0 },
    ]);
  });

  it('counts a guided play without content type under Unknown, so the breakdown sums to GuidedUsage', async () => {
    // Start 09:00; file 3 (its only category has no content type) 09:01:00-09:03:00 (120 s) and
    // file 1 (Music) 09:04:00-09:05:00 (60 s); stop 09:10. Guided 180 s = Unknown 120 + Music 60.
    await deliver([started(39, T('09:00:00'), id(16), []), ...run(39, T('09:01:00'), 5, 3), ...run(39, T('09:04:00'), 3, 1), stopped(39, T('09:10:00'), null)]);
    const user = { id: 39, name: 'user-39', timeZone: 'Europe/Helsinki' };
    const totals = await getUsageTotals(sql, { warehouse, t }, user.id, reportPeriod(day, day, user.timeZone, now));
    expect(totals.guidedUsage).toEqual({ Unknown: 120, Music: 60 });
    expect(totals.overallUsage.GuidedUsage?.duration).toBe(180);
  });

  it('restarts a play only from below 5 s', async () => {
    // Manually started file 1: positions 0, 30, 60 at 09:00:00, :30, 09:01:00. Then
    // - user 40: position 4 at 09:01:05 (below 5 s: a restart), 34 at 09:01:35: two plays,
    //   60 s and 30 s;
    // - user 41: position 5 at 09:01:05 (not below 5 s: a seek back, counting 0), 35 at 09:01:35:
    //   one play, 60 + 0 + 30 = 90 s.
    const manual = (userId: number, time: string, position: number) => sample(userId, T(time), 1, position, { manualStart: true });
    const head = (userId: number) => [manual(userId, '09:00:00', 0), manual(userId, '09:00:30', 30), manual(userId, '09:01:00', 60)];
    await deliver([...head(40), manual(40, '09:01:05', 4), manual(40, '09:01:35', 34), ...head(41), manual(41, '09:01:05', 5), manual(41, '09:01:35', 35)]);
    const plays = await warehouse.query<{ user_id: number; length: number }>(`SELECT user_id, length FROM ${t.plays} FINAL WHERE user_id IN (40, 41) ORDER BY user_id, start_time`);
    expect(plays).toEqual([
      { user_id: 40, length: 60 },
      { user_id: 40, length: 30 },
      { user_id: 41, length: 90 },
    ]);
  });
});
