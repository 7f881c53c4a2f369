import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import type { PlayLogItem } from '../../schemas/api/usage-log.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { insertVideoFile, postUsageLog } from './support/usage-kit.ts';

// Golden scenarios of the usage report, end to end: posted through POST /api/usage-log, projected
// by the real runner and usage-warehouse projector into chDB, read back from GET /api/usage and
// GET /api/usage-sessions. Every expected figure is worked out by hand in the comments.
//
// Every user lives in Helsinki (the default zone). "Now" is 2026-11-01 12:00 UTC. Samples are
// `count` samples `step` seconds apart with the position advancing with the clock, so a run of
// n samples listens (n - 1) * step seconds. Sessions of one user are always more than 15 min
// (maxPauseSeconds 900) apart unless said otherwise.
//
// Library: file 1 'Song' (MusicPiece, 180 s, category 10 Music); file 2 'Program' (AudioProgram,
// 600 s, categories 11 'Sing Along' priority 2 and 12 Story priority 1); file 3 'Radio hour'
// (AudioProgram, 3600 s, category 12 Story).

const now = new Date('2026-11-01T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-usage-golden-'));
let warehouse: Warehouse;
let t: TestApp;
let spring: TestUser;
let autumn: TestUser;
let mix: TestUser;
let seek: TestUser;
const cookies = new Map<TestUser, string>();

const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
/** Samples every `step` seconds from `from`; `first` marks the sample that began the play, as the browser does. */
const samples = (from: string, count: number, audioFileId: number, step: number, first: Partial<PlayLogItem> = {}): PlayLogItem[] =>
  Array.from({ length: count }, (_, i) => ({ time: at(from, i * step), audioFileId, playPosition: i * step, ...(i === 0 ? first : {}) }));

async function post(user: TestUser, data: Parameters<typeof postUsageLog>[2]) {
  const response = await postUsageLog(t, { cookie: cookies.get(user)! }, data);
  expect(response.statusCode, response.body).toBe(200);
}

async function totals(user: TestUser, first: string, last: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/usage/${user.id}/${first}/${last}`, headers: { cookie: cookies.get(user)! } });
  expect(response.statusCode, response.body).toBe(200);
  return UsageTotals.parse(response.json());
}

async function sessions(user: TestUser, first: string, last: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/usage-sessions/${user.id}/${first}/${last}`, headers: { cookie: cookies.get(user)! } });
  expect(response.statusCode, response.body).toBe(200);
  return UsageSessions.parse(response.json());
}

const none = { dayCount: 0, duration: 0 };

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  t = await buildTestApp({ now: () => new Date(now), warehouse });
  await t.sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (10, 'Songs', 'Music', 'Music'), (11, 'Sing', 'Music', 'Sing Along'), (12, 'Stories', 'Program', 'Story')`);
  await t.sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180), (2, 'AudioProgram', 'Program', 600), (3, 'AudioProgram', 'Radio hour', 3600)`);
  await t.sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (1, 10, 0), (2, 11, 2), (2, 12, 1), (3, 12, 0)');
  [spring, autumn, mix, seek] = [await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser()];
  for (const user of [spring, autumn, mix, seek]) cookies.set(user, (await t.login(user)).cookie);

  // 29 March 2026, DST starts: 03:00 EET (UTC+2) becomes 04:00 EEST (UTC+3) at 01:00 UTC. The local
  // day runs 2026-03-28T22:00Z .. 2026-03-29T21:00Z: 23 hours.
  // S1 21:40:00-21:42:00Z = 23:40 EET on the 28th, file 1, 5 samples: 120 s, day 28th.
  // S2 22:05:00-22:06:00Z = 00:05 EET on the 29th, file 1, 3 samples: 60 s, day 29th.
  // S3 00:50:00-01:10:00Z = 02:50 EET to 04:10 EEST, file 3, 21 samples 60 s apart: 1200 s (the
  //    local clock moved 80 minutes, 20 of them passed), ContinuousPrograms, day 29th.
  // S4 20:50:00-20:52:00Z = 23:50 EEST on the 29th, file 1, 5 samples: 120 s, day 29th.
  // S5 21:10:00-21:11:00Z = 00:10 EEST on the 30th, file 1, 3 samples: 60 s, day 30th.
  // A fixed UTC+2 would put S5 on the 29th, a fixed UTC+3 S1; a 24-hour day from 22:00Z would too.
  await post(spring, {
    page: 'player',
    playLog: [
      ...samples('2026-03-28T21:40:00.000Z', 5, 1, 30),
      ...samples('2026-03-28T22:05:00.000Z', 3, 1, 30),
      ...samples('2026-03-29T00:50:00.000Z', 21, 3, 60),
      ...samples('2026-03-29T20:50:00.000Z', 5, 1, 30),
      ...samples('2026-03-29T21:10:00.000Z', 3, 1, 30),
    ],
  });

  // 25 October 2026, DST ends: 04:00 EEST (UTC+3) becomes 03:00 EET (UTC+2) at 01:00 UTC. The local
  // day runs 2026-10-24T21:00Z .. 2026-10-25T22:00Z: 25 hours.
  // A1 20:40:00-20:42:00Z = 23:40 EEST on the 24th, file 1, 5 samples: 120 s, day 24th.
  // A2 21:05:00-21:06:00Z = 00:05 EEST on the 25th, file 1, 3 samples: 60 s, day 25th.
  // A3 00:30:00-01:30:00Z = 03:30 EEST to the second 03:30 (EET), file 3, 61 samples 60 s apart:
  //    3600 s although start and end read the same local time, ContinuousPrograms, day 25th.
  // A4 21:40:00-21:42:00Z = 23:40 EET on the 25th (its 25th hour), file 1, 5 samples: 120 s, day 25th.
  // A5 22:05:00-22:06:00Z = 00:05 EET on the 26th, file 1, 3 samples: 60 s, day 26th.
  // A fixed UTC+3 would put A4 on the 26th, a fixed UTC+2 A2 on the 24th.
  await post(autumn, {
    page: 'player',
    playLog: [
      ...samples('2026-10-24T20:40:00.000Z', 5, 1, 30),
      ...samples('2026-10-24T21:05:00.000Z', 3, 1, 30),
      ...samples('2026-10-25T00:30:00.000Z', 61, 3, 60),
      ...samples('2026-10-25T21:40:00.000Z', 5, 1, 30),
      ...samples('2026-10-25T22:05:00.000Z', 3, 1, 30),
    ],
  });

  // The four usage types, 14 October 2026 (EEST, UTC+3: every time below is the same local day).
  // M1 explicit, started 07:00:00 with a resident, stopped 07:05:00: 300 s, with participants;
  //    file 1 07:01:00-07:03:00 (5 samples): 120 s GuidedUsage (any play of an explicit session),
  //    content type Music (file 1's category 10).
  // M2 implicit: file 1 manually started from Search, the sample naming category 11,
  //    09:00:00-09:01:30 (4 samples): 90 s GuidedUsage, content type 'Sing Along' -> SingAlong.
  // M3 implicit: file 1 from the MusicChannel, not started by hand, 11:00:00-11:02:00 (5 samples):
  //    120 s ContinuousMusic: a guided source alone does not make a play guided.
  // M4 implicit: file 2 13:00:00-13:05:00 (6 samples 60 s apart): 300 s ContinuousPrograms.
  // M5 implicit: a video in the player 15:00:00-15:01:30 (4 samples): 90 s, then a message item's
  //    audio 15:02:00-15:03:00 (3 samples): 60 s; 30 s apart, so one session 15:00:00-15:03:00 of
  //    180 s with 150 s OtherUsage.
  // The 14th: 300 + 90 + 120 + 300 + 180 = 990 s in 5 sessions.
  // M6 implicit, 15 October: file 2 10:00:00-10:02:00 (3 samples 60 s apart): 120 s ContinuousPrograms.
  const [resident] = await t.sql.query<{ id: number }>('INSERT INTO residents (first_name, last_name, user_id) VALUES ($1, $2, $3) RETURNING id', ['Aino', 'Virtanen', mix.id]);
  const video = await insertVideoFile(t, 'Birch forest.mp4');
  await post(mix, { page: 'startSession', time: '2026-10-14T07:00:00.000Z', residentIds: [Number(resident!.id)], params: { outdoors: false, activityIds: [] } });
  await post(mix, { page: 'player', playLog: samples('2026-10-14T07:01:00.000Z', 5, 1, 30) });
  await post(mix, { page: 'stopSession', time: '2026-10-14T07:05:00.000Z' });
  await post(mix, {
    page: 'player',
    playLog: [
      ...samples('2026-10-14T09:00:00.000Z', 4, 1, 30, { manualStart: true, playSource: 'Search', categoryId: 11 }),
      ...samples('2026-10-14T11:00:00.000Z', 5, 1, 30, { playSource: 'MusicChannel' }),
      ...samples('2026-10-14T13:00:00.000Z', 6, 2, 60),
      ...samples('2026-10-14T15:00:00.000Z', 4, video, 30).map((s) => ({ ...s, playLogItemType: 'Video' as const })),
      ...samples('2026-10-14T15:02:00.000Z', 3, 501, 30).map((s) => ({ ...s, playLogItemType: 'Message' as const })),
      ...samples('2026-10-15T10:00:00.000Z', 3, 2, 60),
    ],
  });

  // Seeking, 16 October 2026 (UTC+3), file 2, samples 30 s apart. Each step adds
  // min(max(position change, 0), time passed):
  //   10:00:00 at 0; 10:00:30 at 30: +30; 10:01:00 at 300 (seek forward): +min(270, 30) = 30;
  //   10:01:30 at 330: +30; 10:02:00 at 100 (seek back): +0; 10:02:30 at 130: +30; 10:03:00 at 160: +30.
  //   P1 10:00:00-10:03:00: 150 s listened.
  //   10:03:30 at 0, manually started after position 160: a restart, new play P2.
  //   10:04:00 at 30: +30; 10:04:30 at 60: +30; 10:05:00 at 0 without manual start: the same play,
  //   +0; 10:05:30 at 30: +30. P2 10:03:30-10:05:30: 90 s listened, pause before 30 s (10:03:00-10:03:30).
  // One implicit session 10:00:00-10:05:30: 330 s; ContinuousPrograms 150 + 90 = 240 s (a manual
  // start without a play source is not guided).
  const steps: Array<[string, number, boolean?]> = [
    ['10:00:00', 0], ['10:00:30', 30], ['10:01:00', 300], ['10:01:30', 330], ['10:02:00', 100], ['10:02:30', 130], ['10:03:00', 160],
    ['10:03:30', 0, true], ['10:04:00', 30], ['10:04:30', 60], ['10:05:00', 0], ['10:05:30', 30],
  ];
  await post(seek, {
    page: 'player',
    playLog: steps.map(([time, playPosition, manualStart]) => ({ time: `2026-10-16T${time}.000Z`, audioFileId: 2, playPosition, ...(manualStart ? { manualStart } : {}) })),
  });

  await projectAll({
    log: t.store,
    sql: t.sql,
    warehouse,
    projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })],
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('usage report on the day daylight saving time starts (29 March 2026, 23 hours)', () => {
  it('should count the sessions starting in the local day, a session across 03:00 -> 04:00 by the seconds that passed', async () => {
    // S2 60 + S3 1200 + S4 120 = 1380 s in 3 sessions; music 60 + 120 = 180 s, programs 1200 s.
    expect(await totals(spring, '2026-03-29', '2026-03-29')).toMatchObject({
      dayCount: 1,
      sessionCount: 3,
      usedDayCount: 1,
      totalUsage: 1380,
      averageUsagePerDay: 1380,
      sessionCounts: { '2026-03-29': 3 },
      overallUsage: { GuidedUsage: none, ContinuousMusic: { dayCount: 1, duration: 180 }, ContinuousPrograms: { dayCount: 1, duration: 1200 }, OtherUsage: none },
      topPrograms: [{ audioFileId: 3, name: 'Radio hour', plays: 1, seconds: 1200 }],
    });
    const list = await sessions(spring, '2026-03-29', '2026-03-29');
    expect(list.sessions.map((s) => [s.day, s.startTime, s.endTime, s.duration])).toEqual([
      ['2026-03-29', '2026-03-28T22:05:00.000Z', '2026-03-28T22:06:00.000Z', 60],
      ['2026-03-29', '2026-03-29T00:50:00.000Z', '2026-03-29T01:10:00.000Z', 1200],
      ['2026-03-29', '2026-03-29T20:50:00.000Z', '2026-03-29T20:52:00.000Z', 120],
    ]);
  });

  it('should give the neighbouring days their own sessions', async () => {
    // 28th: S1 120; 29th: 1380; 30th: S5 60. 1560 s over 3 calendar days: 520 per day and per used day.
    expect(await totals(spring, '2026-03-28', '2026-03-30')).toMatchObject({
      dayCount: 3,
      sessionCount: 5,
      usedDayCount: 3,
      totalUsage: 1560,
      averageUsagePerDay: 520,
      averageUsagePerUsedDay: 520,
      sessionCounts: { '2026-03-28': 1, '2026-03-29': 3, '2026-03-30': 1 },
      // Music on each of the three days: 120 + 180 + 60.
      overallUsage: { ContinuousMusic: { dayCount: 3, duration: 360 }, ContinuousPrograms: { dayCount: 1, duration: 1200 } },
    });
  });
});

describe('usage report on the day daylight saving time ends (25 October 2026, 25 hours)', () => {
  it('should count the sessions of all 25 hours, a session through the repeated hour by the seconds that passed', async () => {
    // A2 60 + A3 3600 + A4 120 = 3780 s in 3 sessions; music 60 + 120 = 180 s, programs 3600 s.
    expect(await totals(autumn, '2026-10-25', '2026-10-25')).toMatchObject({
      dayCount: 1,
      sessionCount: 3,
      usedDayCount: 1,
      totalUsage: 3780,
      averageUsagePerDay: 3780,
      sessionCounts: { '2026-10-25': 3 },
      overallUsage: { GuidedUsage: none, ContinuousMusic: { dayCount: 1, duration: 180 }, ContinuousPrograms: { dayCount: 1, duration: 3600 }, OtherUsage: none },
    });
    const list = await sessions(autumn, '2026-10-25', '2026-10-25');
    expect(list.totalUsage).toBe(3780);
    expect(list.sessions.map((s) => [s.day, s.startTime, s.endTime, s.duration])).toEqual([
      ['2026-10-25', '2026-10-24T21:05:00.000Z', '2026-10-24T21:06:00.000Z', 60],
      ['2026-10-25', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z', 3600],
      ['2026-10-25', '2026-10-25T21:40:00.000Z', '2026-10-25T21:42:00.000Z', 120],
    ]);
  });

  it('should give the neighbouring days their own sessions', async () => {
    // 24th: A1 120; 25th: 3780; 26th: A5 60. 3960 s over 3 days: 1320 per day and per used day.
    expect(await totals(autumn, '2026-10-24', '2026-10-26')).toMatchObject({
      dayCount: 3,
      sessionCount: 5,
      usedDayCount: 3,
      totalUsage: 3960,
      averageUsagePerDay: 1320,
      averageUsagePerUsedDay: 1320,
      sessionCounts: { '2026-10-24': 1, '2026-10-25': 3, '2026-10-26': 1 },
      overallUsage: { ContinuousMusic: { dayCount: 3, duration: 360 }, ContinuousPrograms: { dayCount: 1, duration: 3600 } },
    });
  });
});

describe('overallUsage: guided, continuous music, continuous programs and other usage', () => {
  it('should split the listened seconds by usage type, and the guided ones by content type', async () => {
    // 14th: 990 s in 5 sessions; 15th: M6 120 s. 1110 s over 2 days: 555 per day and per used day.
    expect(await totals(mix, '2026-10-14', '2026-10-15')).toMatchObject({
      dayCount: 2,
      sessionCount: 6,
      sessionWithParticipantsCount: 1,
      usedDayCount: 2,
      totalUsage: 1110,
      averageUsagePerDay: 555,
      averageUsagePerUsedDay: 555,
      overallUsage: {
        // M1 120 + M2 90.
        GuidedUsage: { dayCount: 1, duration: 210 },
        // M3.
        ContinuousMusic: { dayCount: 1, duration: 120 },
        // M4 300 on the 14th, M6 120 on the 15th.
        ContinuousPrograms: { dayCount: 2, duration: 420 },
        // M5: video 90 + message 60.
        OtherUsage: { dayCount: 1, duration: 150 },
      },
      guidedUsage: { Music: 120, SingAlong: 90 },
      // File 1 in M1, M2, M3: 120 + 90 + 120; file 2 in M4 and M6: 300 + 120.
      topMusic: [{ audioFileId: 1, name: 'Song', plays: 3, seconds: 330 }],
      topPrograms: [{ audioFileId: 2, name: 'Program', plays: 2, seconds: 420 }],
    });
  });

  it("should break each session's seconds down the same way", async () => {
    const list = await sessions(mix, '2026-10-14', '2026-10-14');
    const zero = { GuidedUsage: 0, ContinuousMusic: 0, ContinuousPrograms: 0, OtherUsage: 0 };
    expect(list.sessions.map((s) => [s.kind, s.duration, s.usage])).toEqual([
      ['explicit', 300, { ...zero, GuidedUsage: 120 }],
      ['implicit', 90, { ...zero, GuidedUsage: 90 }],
      ['implicit', 120, { ...zero, ContinuousMusic: 120 }],
      ['implicit', 300, { ...zero, ContinuousPrograms: 300 }],
      ['implicit', 180, { ...zero, OtherUsage: 150 }],
    ]);
    expect(list.sessions[4]!.plays.map((p) => [p.itemType, p.usageType, p.length, p.pause, p.program])).toEqual([
      ['Video', 'OtherUsage', 90, 0, null],
      ['Message', 'OtherUsage', 60, 30, null],
    ]);
  });
});

describe('seeking back and forward', () => {
  it('should count forward seeks at most by the time passed and backward seeks not at all', async () => {
    expect(await totals(seek, '2026-10-16', '2026-10-16')).toMatchObject({
      sessionCount: 1,
      totalUsage: 330,
      overallUsage: { GuidedUsage: none, ContinuousMusic: none, ContinuousPrograms: { dayCount: 1, duration: 240 }, OtherUsage: none },
      topPrograms: [{ audioFileId: 2, name: 'Program', plays: 2, seconds: 240 }],
    });
    const [session] = (await sessions(seek, '2026-10-16', '2026-10-16')).sessions;
    expect(session).toMatchObject({ startTime: '2026-10-16T10:00:00.000Z', endTime: '2026-10-16T10:05:30.000Z', duration: 330 });
    expect(session!.plays.map((p) => [p.time, p.length, p.pause, p.possibleLength])).toEqual([
      ['2026-10-16T10:00:00.000Z', 150, 0, 600],
      ['2026-10-16T10:03:30.000Z', 90, 30, 600],
    ]);
  });
});
