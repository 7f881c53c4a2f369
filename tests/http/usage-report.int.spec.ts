import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { setCurrentVersion } from '../../projections/engine/checkpoint-store.ts';
import { createUsageWarehouseProjector, usageWarehouseName } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { AdminUsage, UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertMessageItems, insertVideoFile, postUsageLog } from './support/usage-kit.ts';
import { projectAll } from '../../projections/engine/project-all.ts';

// The usage report endpoints end to end: usage posted through POST /api/usage-log and
// /api/evaluations (the real command path), projected by the real runner and usage-warehouse
// projector into chDB, read back over HTTP. Every expected figure is worked out by hand below.
//
// All times are UTC; the user lives in Helsinki (UTC+2 in January), so every session below falls
// on the same local day as its UTC date. "Now" is 2026-01-20 12:00 UTC (14:00 local).

const now = new Date('2026-01-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-usage-report-'));
let warehouse: Warehouse;
let t: TestApp;
let unit: TestUser;
let other: TestUser;
let admin: TestUser;
let hidden: TestUser;
let residentUser: TestUser;
let inserted: TestUser;
const headers: Record<string, Record<string, string>> = {};
let residentA: number;
let residentB: number;
let activity: number;

const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
/** Samples every `step` seconds from `from`, the position advancing with the clock. */
const samples = (from: string, count: number, audioFileId: number, step: number, extra: { manualStart?: boolean; playSource?: 'Search' } = {}) =>
  Array.from({ length: count }, (_, i) => ({
    time: at(from, i * step),
    audioFileId,
    playPosition: i * step,
    // The browser marks only the sample that began the play.
    ...(i === 0 ? extra : {}),
  }));

async function post(user: TestUser, data: Parameters<typeof postUsageLog>[2]) {
  const response = await postUsageLog(t, headers[user.name]!, data);
  expect(response.statusCode, response.body).toBe(200);
}

const get = (user: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: user ? headers[user.name] : {} });

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  t = await buildTestApp({ now: () => new Date(now), warehouse });
  const { sql } = t;

  // Library: file 1 'Song' (MusicPiece, 180 s, category 10 Music), file 2 'Program' (AudioProgram,
  // 600 s; categories 11 'Sing Along' priority 2 and 12 Story priority 1: its main category is 11,
  // content type SingAlong after contentTypeMerge), file 3 'Waltz' (MusicPiece, 240 s, category 10).
  await sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (10, 'Songs', 'Music', 'Music'), (11, 'Sing', 'Music', 'Sing Along'), (12, 'Stories', 'Program', 'Story')`);
  await sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180), (2, 'AudioProgram', 'Program', 600), (3, 'MusicPiece', 'Waltz', 240)`);
  await sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (1, 10, 0), (2, 11, 2), (2, 12, 1), (3, 10, 0)');

  unit = await t.createUser();
  other = await t.createUser();
  admin = await t.createUser();
  hidden = await t.createUser({ config: { hideInAdminUsageReport: true } });
  residentUser = await t.createUser();
  inserted = await t.createUser();
  for (const u of [unit, other, admin, hidden, residentUser, inserted]) headers[u.name] = { cookie: (await t.login(u)).cookie };

  const resident = async (first: string, last: string) =>
    Number((await sql.query<{ id: number }>('INSERT INTO residents (first_name, last_name, user_id) VALUES ($1, $2, $3) RETURNING id', [first, last, unit.id]))[0]!.id);
  residentA = await resident('Aino', 'Virtanen');
  residentB = await resident('Eino', 'Korhonen');
  activity = Number((await sql.query<{ id: number }>("INSERT INTO activities (name, user_id) VALUES ('Singing', $1) RETURNING id", [unit.id]))[0]!.id);
  await sql.query('UPDATE users SET resident_id = $1 WHERE id = $2', [residentA, residentUser.id]);
  await sql.query('UPDATE users SET inserted_by_user_id = $1 WHERE id = $2', [admin.id, inserted.id]);
  for (const u of [unit, hidden, residentUser, inserted]) await sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, u.id]);

  // 2026-01-10, before the reported period: S0, file 1 08:00:00-08:02:00 (5 samples 30 s apart):
  // 120 s ContinuousMusic. Counts only in the admin's monthly figures.
  await post(unit, { page: 'player', playLog: samples('2026-01-10T08:00:00.000Z', 5, 1, 30) });

  // 2026-01-15:
  // S1 implicit: file 1 08:00:00-08:02:00 (5 samples, 30 s apart): play 120 s, session 120 s, ContinuousMusic.
  // S2 implicit, 58 min later: file 3 09:00:00, :05, :10 (positions 0, 5, 10): 10 s < 20 s, short.
  await post(unit, { page: 'player', playLog: [...samples('2026-01-15T08:00:00.000Z', 5, 1, 30), ...samples('2026-01-15T09:00:00.000Z', 3, 3, 5)] });

  // 2026-01-16:
  // S3 explicit: started 09:00:00 with residents A and B, activity Singing, outdoors; file 2
  //   09:01:00-09:05:00 (9 samples, 30 s apart): 240 s GuidedUsage, SingAlong, category 11, pause 0;
  //   file 1 09:06:00-09:07:00 (3 samples): 60 s GuidedUsage, Music, category 10, pause 60 s
  //   (09:06:00 - 09:05:00); stopped 09:10:00: session 600 s, with participants.
  // S4 implicit: file 1 manually started from Search, 12:00:00-12:01:30 (4 samples): 90 s GuidedUsage, Music.
  // S5 implicit: file 2 14:00:00-14:05:00 (6 samples, 60 s apart): 300 s ContinuousPrograms, category 11.
  await post(unit, { page: 'startSession', time: '2026-01-16T09:00:00.000Z', residentIds: [residentA, residentB], params: { outdoors: true, activityIds: [activity] } });
  await post(unit, { page: 'player', playLog: [...samples('2026-01-16T09:01:00.000Z', 9, 2, 30), ...samples('2026-01-16T09:06:00.000Z', 3, 1, 30)] });
  await post(unit, { page: 'stopSession', time: '2026-01-16T09:10:00.000Z' });
  await post(unit, {
    page: 'player',
    playLog: [...samples('2026-01-16T12:00:00.000Z', 4, 1, 30, { manualStart: true, playSource: 'Search' }), ...samples('2026-01-16T14:00:00.000Z', 6, 2, 60)],
  });

  // 2026-01-17:
  // S6 implicit: file 3 10:00:00-10:03:00 (7 samples): 180 s; file 1 10:04:00-10:05:00 (3 samples):
  //   60 s, pause 60 s; both ContinuousMusic; session 10:00:00-10:05:00 = 300 s.
  // A video: play at 0 (12:00), pause at 60 (12:01), play at 60 (12:03), ended at 180 (12:05):
  //   play time 60 + 120 = 180 s, span 300 s so pause time 120 s, length 300 s.
  // Message item 77 opened twice and closed once: 2 clicks.
  await post(unit, { page: 'player', playLog: [...samples('2026-01-17T10:00:00.000Z', 7, 3, 30), ...samples('2026-01-17T10:04:00.000Z', 3, 1, 30)] });
  const autumnWalk = await insertVideoFile(t, 'Autumn walk.mp4');
  const video = (time: string, action: 'play' | 'pause' | 'ended', playPosition: number) =>
    ({ time, playerId: 'p1', fileId: autumnWalk, fileName: 'Autumn walk.mp4', playPosition, totalLength: 300, action });
  await post(unit, {
    page: 'videoPlayAction',
    videoLog: [video('2026-01-17T12:00:00.000Z', 'play', 0), video('2026-01-17T12:01:00.000Z', 'pause', 60), video('2026-01-17T12:03:00.000Z', 'play', 60), video('2026-01-17T12:05:00.000Z', 'ended', 180)],
  });
  // S7 explicit, started 15:00:00 with resident B, never stopped and no play: no end, so hidden
  // and uncounted, listed only with showShortSessions.
  await post(unit, { page: 'startSession', time: '2026-01-17T15:00:00.000Z', residentIds: [residentB], params: { outdoors: false, activityIds: [] } });
  // Item 77 is known, but no content type was set for it.
  await insertMessageItems(t, unit.id, [{ id: 77 }]);
  for (const [time, action] of [['13:00:00', 'open'], ['13:02:00', 'close'], ['13:05:00', 'open']] as const) {
    await post(unit, { page: 'messageItem', time: `2026-01-17T${time}.000Z`, messageItemId: 77, action });
  }

  // Evaluations in the period: file 1 liked (1); file 3 disliked (-1), then changed to neutral (0);
  // message item 77 neutral (0). One more on 2026-01-10, outside the period: file 2 liked.
  const evaluate = async (payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/evaluations', headers: headers[unit.name], payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: string }>().id;
  };
  await evaluate({ audioFileId: 1, score: 1, time: '2026-01-16T10:00:00.000Z' });
  const dislike = await evaluate({ audioFileId: 3, score: -1, time: '2026-01-16T10:01:00.000Z' });
  await evaluate({ messageItemId: 77, score: 0, time: '2026-01-17T13:01:00.000Z' });
  await evaluate({ audioFileId: 2, score: 1, time: '2026-01-10T10:00:00.000Z' });
  const change = await t.app.inject({ method: 'PUT', url: `/api/evaluations/${dislike}`, headers: headers[unit.name], payload: { score: 0, time: '2026-01-17T09:00:00.000Z' } });
  expect(change.statusCode, change.body).toBe(200);

  // Two versions of the warehouse: v1 under the default rules (current), v2 with
  // shortSessionSeconds 150, for the switch test.
  const clock = () => now.getTime();
  await projectAll({
    log: t.store,
    sql: t.sql,
    warehouse,
    projectors: [
      createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock }),
      createUsageWarehouseProjector({ version: 2, rules: { ...defaultUsageRules, shortSessionSeconds: 150 }, clock }),
    ],
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('GET /api/usage/{userId}/{first}/{last}', () => {
  it('should report every figure of the period from counted sessions only', async () => {
    const response = await get(unit, `/api/usage/${unit.id}/2026-01-15/2026-01-31`);
    expect(response.statusCode, response.body).toBe(200);
    const totals = UsageTotals.parse(response.json());
    expect(totals).toEqual({
      userId: unit.id,
      // Last capped at today (2026-01-20 in Helsinki): 15..20 is 6 days.
      first: '2026-01-15',
      last: '2026-01-20',
      dayCount: 6,
      // Counted: S1 (120), S3 (600), S4 (90), S5 (300), S6 (300); S2 is short, S0 before the period.
      sessionCount: 5,
      sessionWithParticipantsCount: 1,
      usedDayCount: 3,
      // 120 + 600 + 90 + 300 + 300 = 1410; per day 1410 / 6 = 235; per used day 1410 / 3 = 470.
      totalUsage: 1410,
      averageUsagePerDay: 235,
      averageUsagePerUsedDay: 470,
      sessionCounts: { '2026-01-15': 1, '2026-01-16': 3, '2026-01-17': 1 },
      overallUsage: {
        // Guided on the 16th: 240 + 60 + 90 = 390.
        GuidedUsage: { dayCount: 1, duration: 390 },
        // The 15th: 120 (S2's 10 s are short); the 17th: 180 + 60 = 240. Total 360.
        ContinuousMusic: { dayCount: 2, duration: 360 },
        ContinuousPrograms: { dayCount: 1, duration: 300 },
        OtherUsage: { dayCount: 0, duration: 0 },
      },
      // SingAlong: S3's file 2 (240); Music: S3's file 1 (60) + S4 (90) = 150.
      guidedUsage: { SingAlong: 240, Music: 150 },
      // File 1: S1 120, S3 60, S4 90, S6 60 = 4 plays, 330 s; file 3: S6 180 (S2's play is short).
      topMusic: [
        { audioFileId: 1, name: 'Song', plays: 4, seconds: 330 },
        { audioFileId: 3, name: 'Waltz', plays: 1, seconds: 180 },
      ],
      // File 2: S3 240 + S5 300.
      topPrograms: [{ audioFileId: 2, name: 'Program', plays: 2, seconds: 540 }],
      // Category 10: file 1 four times, file 3 once; category 11: file 2 twice.
      categoryCounts: { '10': 5, '11': 2 },
      audioFileEvaluations: { '1': 1, '0': 1, '-1': 0 },
      messageItemEvaluations: { '1': 0, '0': 1, '-1': 0 },
      // Item 77 has no content type.
      messageItemClicks: { Unknown: 2 },
      videos: [{ fileName: 'Autumn walk.mp4', startTime: '2026-01-17T12:00:00.000Z', playTime: 180, pauseTime: 120, totalLength: 300 }],
      // By play source and usage type: only S4 names a source (Search). Continuous music: S1 120,
      // S6 180 + 60; guided without a source: S3's 240 + 60; programs: S5 300.
      usagePerType: {
        'None/ContinuousMusic': { plays: 3, seconds: 360 },
        'None/ContinuousPrograms': { plays: 1, seconds: 300 },
        'None/GuidedUsage': { plays: 2, seconds: 300 },
        'Search/GuidedUsage': { plays: 1, seconds: 90 },
      },
    });
  });

  it('should count only the sessions starting in the period', async () => {
    // Only the 17th: S6 (300 s) and its plays; the video too.
    const totals = UsageTotals.parse((await get(unit, `/api/usage/${unit.id}/2026-01-17/2026-01-17`)).json());
    expect(totals).toMatchObject({ dayCount: 1, sessionCount: 1, totalUsage: 300, averageUsagePerDay: 300, topPrograms: [], sessionCounts: { '2026-01-17': 1 } });
    expect(totals.topMusic.map((f) => [f.audioFileId, f.plays])).toEqual([[3, 1], [1, 1]]);
    // Before the period's evaluations and clicks: none of them.
    const before = UsageTotals.parse((await get(unit, `/api/usage/${unit.id}/2026-01-11/2026-01-14`)).json());
    expect(before).toMatchObject({ sessionCount: 0, totalUsage: 0, averageUsagePerDay: 0, averageUsagePerUsedDay: 0, usedDayCount: 0, videos: [], messageItemClicks: {} });
    expect(before.audioFileEvaluations).toEqual({ '1': 0, '0': 0, '-1': 0 });
  });

  it('should read the current warehouse version, switching in one step', async () => {
    // v2 counts a session only from 150 s: S1 (120) and S4 (90) become short; 600 + 300 + 300 = 1200.
    await setCurrentVersion(t.sql, usageWarehouseName, 2);
    try {
      const v2 = UsageTotals.parse((await get(unit, `/api/usage/${unit.id}/2026-01-15/2026-01-20`)).json());
      expect(v2).toMatchObject({ sessionCount: 3, totalUsage: 1200, usedDayCount: 2, guidedUsage: { SingAlong: 240, Music: 60 } });
    } finally {
      await setCurrentVersion(t.sql, usageWarehouseName, 1);
    }
    expect(UsageTotals.parse((await get(unit, `/api/usage/${unit.id}/2026-01-15/2026-01-20`)).json()).sessionCount).toBe(5);
  });

  it('should let the user and their administrator read it, nobody else', async () => {
    expect((await get(admin, `/api/usage/${unit.id}/2026-01-15/2026-01-20`)).json()).toMatchObject({ sessionCount: 5 });
    const denied = await get(other, `/api/usage/${unit.id}/2026-01-15/2026-01-20`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.kind).toBe('AccessDenied');
    // An administrator of some users is not an administrator of all.
    expect((await get(unit, `/api/usage/${admin.id}/2026-01-15/2026-01-20`)).statusCode).toBe(403);
    const missing = await get(admin, '/api/usage/999999/2026-01-15/2026-01-20');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.kind).toBe('NotFound');
    expect((await get(null, `/api/usage/${unit.id}/2026-01-15/2026-01-20`)).statusCode).toBe(401);
  });

  it.each([
    ['a date that does not exist', '/2026-02-30/2026-03-01', 'params.first'],
    ['a malformed date', '/15.1.2026/2026-01-20', 'params.first'],
    ['first after last', '/2026-01-17/2026-01-16', 'params.first'],
    ['a period starting after today', '/2026-01-21/2026-01-25', 'params.first'],
    ['a period over 366 days', '/2024-01-01/2026-01-20', 'params.last'],
  ])('should refuse %s with a ValidationError', async (_, period, field) => {
    const response = await get(unit, `/api/usage/${unit.id}${period}`);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.kind).toBe('ValidationError');
    expect(error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('should refuse a user id that is not a number, and unknown fields', async () => {
    const wrongType = await get(unit, '/api/usage/abc/2026-01-15/2026-01-20');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'params.userId' })] });
    const unknown = await get(unit, `/api/usage/${unit.id}/2026-01-15/2026-01-20?extra=1`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'querystring.extra', message: 'Unknown field' }] });
  });
});

describe('GET /api/usage-sessions/{userId}/{first}/{last}', () => {
  it('should list the counted sessions with their plays, participants and activities', async () => {
    const response = await get(unit, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-17`);
    expect(response.statusCode, response.body).toBe(200);
    const list = UsageSessions.parse(response.json());
    // S1, S3, S4, S5, S6 in start order; 1410 s in all.
    expect(list.totalUsage).toBe(1410);
    expect(list.sessions.map((s) => [s.startTime, s.duration, s.kind])).toEqual([
      ['2026-01-15T08:00:00.000Z', 120, 'implicit'],
      ['2026-01-16T09:00:00.000Z', 600, 'explicit'],
      ['2026-01-16T12:00:00.000Z', 90, 'implicit'],
      ['2026-01-16T14:00:00.000Z', 300, 'implicit'],
      ['2026-01-17T10:00:00.000Z', 300, 'implicit'],
    ]);
    const explicit = list.sessions[1]!;
    expect(explicit).toMatchObject({
      day: '2026-01-16',
      endTime: '2026-01-16T09:10:00.000Z',
      short: false,
      outdoors: true,
      usage: { GuidedUsage: 300, ContinuousMusic: 0, ContinuousPrograms: 0, OtherUsage: 0 },
      activities: [{ id: activity, name: 'Singing' }],
    });
    expect(explicit.participants).toEqual(
      expect.arrayContaining([
        { id: residentA, firstName: 'Aino', lastName: 'Virtanen' },
        { id: residentB, firstName: 'Eino', lastName: 'Korhonen' },
      ]),
    );
    expect(explicit.plays).toEqual([
      { program: 'Program', programType: 'SingAlong', itemType: 'Audio', audioFileId: 2, usageType: 'GuidedUsage', time: '2026-01-16T09:01:00.000Z', length: 240, pause: 0, possibleLength: 600 },
      { program: 'Song', programType: 'Music', itemType: 'Audio', audioFileId: 1, usageType: 'GuidedUsage', time: '2026-01-16T09:06:00.000Z', length: 60, pause: 60, possibleLength: 180 },
    ]);
    expect(list.sessions[4]!.plays.map((p) => [p.program, p.length, p.pause, p.usageType])).toEqual([
      ['Waltz', 180, 0, 'ContinuousMusic'],
      ['Song', 60, 60, 'ContinuousMusic'],
    ]);
  });

  it('should add short sessions only when asked, without adding them to the total', async () => {
    const list = UsageSessions.parse((await get(unit, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-15?showShortSessions=true`)).json());
    // S1 and the 10 s S2.
    expect(list.sessions.map((s) => [s.duration, s.short])).toEqual([[120, false], [10, true]]);
    expect(list.totalUsage).toBe(120);
    expect(list.sessions[1]!.plays).toMatchObject([{ program: 'Waltz', length: 10 }]);
  });

  it('should list a session without an end only with showShortSessions', async () => {
    const day = `/api/usage-sessions/${unit.id}/2026-01-17/2026-01-17`;
    expect(UsageSessions.parse((await get(unit, day)).json()).sessions.map((s) => s.startTime)).toEqual(['2026-01-17T10:00:00.000Z']);
    const all = UsageSessions.parse((await get(unit, `${day}?showShortSessions=true`)).json());
    expect(all.sessions.map((s) => [s.startTime, s.endTime, s.duration, s.short])).toEqual([
      ['2026-01-17T10:00:00.000Z', '2026-01-17T10:05:00.000Z', 300, false],
      ['2026-01-17T15:00:00.000Z', null, null, true],
    ]);
    expect(all.sessions[1]).toMatchObject({ kind: 'explicit', participants: [{ id: residentB, firstName: 'Eino', lastName: 'Korhonen' }], plays: [] });
    expect(all.totalUsage).toBe(300);
  });

  it('should keep only sessions with the chosen resident', async () => {
    const withA = UsageSessions.parse((await get(unit, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-17?residentId=${residentA}`)).json());
    expect(withA.sessions.map((s) => s.startTime)).toEqual(['2026-01-16T09:00:00.000Z']);
    expect(withA.totalUsage).toBe(600);
    const nobody = UsageSessions.parse((await get(unit, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-17?residentId=999`)).json());
    expect(nobody.sessions).toEqual([]);
  });

  it('should check access and input like the totals', async () => {
    expect((await get(other, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-17`)).statusCode).toBe(403);
    expect((await get(admin, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-17`)).statusCode).toBe(200);
    const bad = await get(unit, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-17?showShortSessions=yes&residentId=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { path: string }) => d.path).sort()).toEqual(['querystring.residentId', 'querystring.showShortSessions']);
  });
});

describe('GET /api/usage', () => {
  it('should give monthly usage of administered users, hiding hidden, resident and inserted-by users', async () => {
    const response = await get(admin, '/api/usage?firstDay=2025-12-01&lastDay=2026-01-31');
    expect(response.statusCode, response.body).toBe(200);
    // January (capped at the 20th): S0 (120) + the 1410 of the period = 1530 s in 6 sessions on 4 days.
    expect(AdminUsage.parse(response.json())).toEqual({
      firstDay: '2025-12-01',
      lastDay: '2026-01-20',
      users: [
        {
          userId: unit.id,
          name: unit.name,
          months: [
            { month: '2025-12', sessionCount: 0, totalUsage: 0, usedDayCount: 0 },
            { month: '2026-01', sessionCount: 6, totalUsage: 1530, usedDayCount: 4 },
          ],
        },
      ],
    });
  });

  it('should narrow to userIdList, and refuse users the caller does not administer', async () => {
    const some = AdminUsage.parse((await get(admin, `/api/usage?userIdList=${unit.id},${hidden.id}&firstDay=2026-01-16&lastDay=2026-01-16`)).json());
    // The hidden user stays hidden even when named; the 16th: S3, S4, S5 = 990 s.
    expect(some.users).toEqual([{ userId: unit.id, name: unit.name, months: [{ month: '2026-01', sessionCount: 3, totalUsage: 990, usedDayCount: 1 }] }]);
    expect((await get(admin, `/api/usage?userIdList=${other.id}&firstDay=2026-01-01&lastDay=2026-01-31`)).statusCode).toBe(403);
    // Not an administrator of anybody.
    expect((await get(other, '/api/usage?firstDay=2026-01-01&lastDay=2026-01-31')).statusCode).toBe(403);
  });

  it('should refuse bad periods and fields', async () => {
    for (const query of ['firstDay=2026-01-01', 'firstDay=2026-01-31&lastDay=2026-01-01', 'firstDay=2026-01-01&lastDay=2026-01-31&x=1', 'userIdList=a&firstDay=2026-01-01&lastDay=2026-01-31']) {
      const response = await get(admin, `/api/usage?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.kind).toBe('ValidationError');
    }
  });
});
