import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { ensureCheckpointSchema, setCurrentVersion } from '../../projections/engine/checkpoint-store.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { createUsageWarehouseProjector, usageWarehouseName } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { loadReportUser } from '../../queries/usage/report-scope.ts';
import { NotConnectedPlays, UsageDetailsLog } from '../../schemas/api/usage-details-log.ts';
import { UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import type { UsageLogDataInput } from '../../schemas/api/usage-log.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { usageReportFigures } from '../support/usage-report-figures.ts';
import { insertMessageItems, insertVideoFile, postUsageLog } from './support/usage-kit.ts';

// The figures issue 22 added to spec 3 section 3 (usagePerType, per-session play lists and
// durations, the usage details log, not-connected plays), end to end: posted through
// POST /api/usage-log, projected by the real runner and usage-warehouse projector on chDB, read over
// HTTP and through the whole report of tests/support/usage-report-figures.ts.
//
// The same workload goes into two apps (two Postgres databases, one chDB holding warehouse version 1
// for app A and version 2 for app B): A gets the posts in client-time order and projects once; B
// gets them shuffled (seeded), one sample per post, projected in several runs. The figures must be
// equal. Every expected value is worked out by hand below.
//
// All times are UTC; the unit lives in Helsinki (UTC+2 in January). "Now" is 2026-01-20 12:00 UTC.
//
// Library: file 101 'Song' (MusicPiece, 180 s, category 10, content type Music), file 102
// 'Program' (AudioProgram, 600 s, category 11 'Sing Along' -> SingAlong); a video 'Walk.mp4' of
// the files table; game 500 and message 900 are outside the library; message item 77 (Link).
//
// 2026-01-16:
//   E1 explicit, started 09:00:00 with resident R, stopped 09:10:00: 600 s.
//     file 102 from Recipe, manually started, 09:01:00-09:05:00 (9 samples 30 s apart): 240 s,
//       GuidedUsage, SingAlong, category 11, pause 0;
//     game 500 09:06:00-09:07:00 (3 samples): 60 s, GuidedUsage, no category -> 'Unknown', pause 60;
//     message item 77 opened 09:08:00: one click.
//   I1 implicit: file 101 12:00:00-12:02:00 (5 samples): 120 s ContinuousMusic, Music, category 10.
//   I2 implicit (12:02 -> 14:00 is over maxPauseSeconds): video 14:00:00-14:01:00 (3 samples):
//     60 s OtherUsage, no category.
// 2026-01-17:
//   E3 explicit 08:00:00-08:00:10, short (10 s): file 101 08:00:02 and :07 (positions 0, 5): 5 s.
//   E2 explicit 10:00:00-10:05:00: 300 s.
//     message 900 10:01:00-10:02:00 (3 samples): 60 s GuidedUsage, pause 0;
//     file 101 10:03:00-10:04:00 (3 samples): 60 s GuidedUsage, Music, category 10, pause 60;
//     message item 77 opened 10:02:30 and closed 10:02:40: one click.

const now = new Date('2026-01-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-usage-figures-'));
let warehouse: Warehouse;

interface Unit {
  t: TestApp;
  user: TestUser;
  headers: Record<string, string>;
  resident: number;
  video: number;
}
let inOrder: Unit;
let shuffled: Unit;

const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
type Sample = Extract<UsageLogDataInput, { page: 'player' }>['playLog'][number];
const samples = (from: string, count: number, audioFileId: number, step: number, extra: Partial<Sample> = {}): Sample[] =>
  Array.from({ length: count }, (_, i) => ({ time: at(from, i * step), audioFileId, playPosition: i * step, ...(i === 0 ? extra : {}) }));

/** The workload as facts with their client time; each becomes one post (samples: one per sample when split). */
function workload(unit: Unit): Array<{ time: string; data: UsageLogDataInput }> {
  const player = (list: Sample[]) => list.map((s) => ({ time: s.time, data: { page: 'player', playLog: [s] } as UsageLogDataInput }));
  const start = (time: string, residentIds: number[]) => ({ time, data: { page: 'startSession', time, residentIds, params: { outdoors: false, activityIds: [] } } as UsageLogDataInput });
  const stop = (time: string) => ({ time, data: { page: 'stopSession', time } as UsageLogDataInput });
  const click = (time: string, action: 'open' | 'close') => ({ time, data: { page: 'messageItem', time, messageItemId: 77, action } as UsageLogDataInput });
  return [
    start('2026-01-16T09:00:00.000Z', [unit.resident]),
    ...player(samples('2026-01-16T09:01:00.000Z', 9, 102, 30, { manualStart: true, playSource: 'Recipe' })),
    ...player(samples('2026-01-16T09:06:00.000Z', 3, 500, 30).map((s) => ({ ...s, playLogItemType: 'Game' as const }))),
    click('2026-01-16T09:08:00.000Z', 'open'),
    stop('2026-01-16T09:10:00.000Z'),
    ...player(samples('2026-01-16T12:00:00.000Z', 5, 101, 30)),
    ...player(samples('2026-01-16T14:00:00.000Z', 3, unit.video, 30).map((s) => ({ ...s, playLogItemType: 'Video' as const }))),
    start('2026-01-17T08:00:00.000Z', []),
    ...player(samples('2026-01-17T08:00:02.000Z', 2, 101, 5)),
    stop('2026-01-17T08:00:10.000Z'),
    start('2026-01-17T10:00:00.000Z', []),
    ...player(samples('2026-01-17T10:01:00.000Z', 3, 900, 30).map((s) => ({ ...s, playLogItemType: 'Message' as const }))),
    click('2026-01-17T10:02:30.000Z', 'open'),
    click('2026-01-17T10:02:40.000Z', 'close'),
    ...player(samples('2026-01-17T10:03:00.000Z', 3, 101, 30)),
    stop('2026-01-17T10:05:00.000Z'),
  ];
}

/** mulberry32: a small seeded generator, so a failing order can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function makeUnit(): Promise<Unit> {
  const t = await buildTestApp({ now: () => new Date(now), warehouse });
  await t.sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (10, 'Songs', 'Music', 'Music'), (11, 'Sing', 'Music', 'Sing Along')`);
  await t.sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (101, 'MusicPiece', 'Song', 180), (102, 'AudioProgram', 'Program', 600)`);
  await t.sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (101, 10, 0), (102, 11, 0)');
  const user = await t.createUser();
  await insertMessageItems(t, user.id, [{ id: 77 }]);
  const headers = { cookie: (await t.login(user)).cookie };
  const resident = Number((await t.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [user.id]))[0]!.id);
  const video = await insertVideoFile(t, 'Walk.mp4');
  return { t, user, headers, resident, video };
}

async function post(unit: Unit, data: UsageLogDataInput) {
  const response = await postUsageLog(unit.t, unit.headers, data);
  expect(response.statusCode, response.body).toBe(200);
}

const project = (unit: Unit, version: number) =>
  projectAll({ log: unit.t.store, sql: unit.t.sql, warehouse, projectors: [createUsageWarehouseProjector({ version, rules: defaultUsageRules, clock: () => now.getTime() })] });

beforeAll(async () => {
  // chDB, or a fresh database of TEST_CLICKHOUSE_URL's server: the same SQL must give the same figures.
  warehouse = await connectTestWarehouse(chdbDir);
  inOrder = await makeUnit();
  shuffled = await makeUnit();

  // A: client-time order, each play's samples in one post, one projection at the end.
  const facts = workload(inOrder).sort((a, b) => a.time.localeCompare(b.time));
  for (let i = 0; i < facts.length; ) {
    const fact = facts[i]!;
    if (fact.data.page !== 'player') {
      await post(inOrder, fact.data);
      i++;
      continue;
    }
    const run: Sample[] = [];
    while (i < facts.length && facts[i]!.data.page === 'player') run.push(...(facts[i++]!.data as { playLog: Sample[] }).playLog);
    await post(inOrder, { page: 'player', playLog: run });
  }
  await project(inOrder, 1);

  // B: one sample per post, every post shuffled (stops may arrive before their starts: a stop
  // belongs to the latest start at or before it by client time), projected after every few posts.
  const next = random(22);
  const order = workload(shuffled);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  await ensureCheckpointSchema(shuffled.t.sql);
  await setCurrentVersion(shuffled.t.sql, usageWarehouseName, 2);
  for (let i = 0; i < order.length; i++) {
    await post(shuffled, order[i]!.data);
    if (i % 7 === 6) await project(shuffled, 2);
  }
  await project(shuffled, 2);
}, 180_000);

afterAll(async () => {
  await inOrder?.t.close();
  await shuffled?.t.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

const get = (unit: Unit, url: string) => unit.t.app.inject({ method: 'GET', url, headers: unit.headers });
const period = (unit: Unit) => `${unit.user.id}/2026-01-16/2026-01-17`;

describe('the figures of spec 3 section 3 added by issue 22', () => {
  it('should give usagePerType by play source and usage type, from counted sessions only', async () => {
    const response = await get(inOrder, `/api/usage/${period(inOrder)}`);
    expect(response.statusCode, response.body).toBe(200);
    // Counted: E1, I1, I2, E2 (E3 is short, so its 5 s play is not counted).
    expect(UsageTotals.parse(response.json()).usagePerType).toEqual({
      // E1's file 102.
      'Recipe/GuidedUsage': { plays: 1, seconds: 240 },
      // E1's game 60 + E2's message 60 + E2's file 101 60.
      'None/GuidedUsage': { plays: 3, seconds: 180 },
      'None/ContinuousMusic': { plays: 1, seconds: 120 },
      'None/OtherUsage': { plays: 1, seconds: 60 },
    });
  });

  it("should give each session's play lists, type info, durations and message clicks", async () => {
    const response = await get(inOrder, `/api/usage-sessions/${period(inOrder)}?showShortSessions=true`);
    expect(response.statusCode, response.body).toBe(200);
    const sessions = UsageSessions.parse(response.json()).sessions;
    const pick = ({ startTime, usageTypeInfo, gamePlayList, audioFilePlayList, videoFilePlaylist, messageDurations, messageClicks, categoryDurations, audioFileDurations }: (typeof sessions)[number]) =>
      ({ startTime, usageTypeInfo, gamePlayList, audioFilePlayList, videoFilePlaylist, messageDurations, messageClicks, categoryDurations, audioFileDurations });
    const none = { gamePlayList: [], audioFilePlayList: [], videoFilePlaylist: [], messageDurations: {}, messageClicks: {}, categoryDurations: {}, audioFileDurations: {} };
    expect(sessions.map(pick)).toEqual([
      {
        ...none,
        startTime: '2026-01-16T09:00:00.000Z',
        // 'SingAlong' sorts before 'Unknown'; the recipe play was started by hand, the game was not.
        usageTypeInfo: [{ contentType: 'SingAlong', autoPlay: false, count: 1 }, { contentType: 'Unknown', autoPlay: true, count: 1 }],
        gamePlayList: [{ id: 500, time: '2026-01-16T09:06:00.000Z', length: 60 }],
        audioFilePlayList: [{ id: 102, time: '2026-01-16T09:01:00.000Z', length: 240 }],
        messageClicks: { '77': 1 },
        categoryDurations: { '11': 240 },
        audioFileDurations: { '102': 240 },
      },
      {
        ...none,
        startTime: '2026-01-16T12:00:00.000Z',
        usageTypeInfo: [{ contentType: 'Music', autoPlay: true, count: 1 }],
        audioFilePlayList: [{ id: 101, time: '2026-01-16T12:00:00.000Z', length: 120 }],
        categoryDurations: { '10': 120 },
        audioFileDurations: { '101': 120 },
      },
      {
        ...none,
        startTime: '2026-01-16T14:00:00.000Z',
        usageTypeInfo: [{ contentType: 'Unknown', autoPlay: true, count: 1 }],
        videoFilePlaylist: [{ id: inOrder.video, fileName: 'Walk.mp4', time: '2026-01-16T14:00:00.000Z', length: 60 }],
      },
      {
        ...none,
        startTime: '2026-01-17T08:00:00.000Z',
        usageTypeInfo: [{ contentType: 'Music', autoPlay: true, count: 1 }],
        audioFilePlayList: [{ id: 101, time: '2026-01-17T08:00:02.000Z', length: 5 }],
        categoryDurations: { '10': 5 },
        audioFileDurations: { '101': 5 },
      },
      {
        ...none,
        startTime: '2026-01-17T10:00:00.000Z',
        usageTypeInfo: [{ contentType: 'Music', autoPlay: true, count: 1 }, { contentType: 'Unknown', autoPlay: true, count: 1 }],
        audioFilePlayList: [{ id: 101, time: '2026-01-17T10:03:00.000Z', length: 60 }],
        // The open at 10:02:30 is a click; the close is not.
        messageClicks: { '77': 1 },
        messageDurations: { '900': 60 },
        categoryDurations: { '10': 60 },
        audioFileDurations: { '101': 60 },
      },
    ]);
  });

  it('should serve the usage details log page by page, short sessions only when asked', async () => {
    const response = await get(inOrder, `/api/usage-details-log/${period(inOrder)}`);
    expect(response.statusCode, response.body).toBe(200);
    const log = UsageDetailsLog.parse(response.json());
    const shared = { userId: inOrder.user.id, adminGroup: null };
    // Local times are UTC + 2. E3 is the 17th's first explicit session, so E2 is number 2 there.
    expect(log).toEqual({
      userId: inOrder.user.id,
      first: '2026-01-16',
      last: '2026-01-17',
      timeZone: 'Europe/Helsinki',
      offset: 0,
      limit: 20,
      total: 4,
      rows: [
        { ...shared, id: log.rows[0]!.id, day: '2026-01-16', audioFileId: 102, audioFileName: 'Program', programType: 'SingAlong', playTime: '11:01:00', playLength: 240, pauseTime: 0, possibleLength: 600, sessionNumber: 1, sessionLength: 600, created: '2026-01-16T09:05:00.000Z' },
        { ...shared, id: log.rows[1]!.id, day: '2026-01-16', audioFileId: 500, audioFileName: null, programType: null, playTime: '11:06:00', playLength: 60, pauseTime: 60, possibleLength: null, sessionNumber: 1, sessionLength: 600, created: '2026-01-16T09:07:00.000Z' },
        { ...shared, id: log.rows[2]!.id, day: '2026-01-17', audioFileId: 900, audioFileName: null, programType: null, playTime: '12:01:00', playLength: 60, pauseTime: 0, possibleLength: null, sessionNumber: 2, sessionLength: 300, created: '2026-01-17T10:02:00.000Z' },
        { ...shared, id: log.rows[3]!.id, day: '2026-01-17', audioFileId: 101, audioFileName: 'Song', programType: 'Music', playTime: '12:03:00', playLength: 60, pauseTime: 60, possibleLength: 180, sessionNumber: 2, sessionLength: 300, created: '2026-01-17T10:04:00.000Z' },
      ],
    });
    expect(new Set(log.rows.map((r) => r.id)).size).toBe(4);

    const second = UsageDetailsLog.parse((await get(inOrder, `/api/usage-details-log/${period(inOrder)}?offset=1&limit=2`)).json());
    expect([second.total, second.offset, second.limit, second.rows.map((r) => r.id)]).toEqual([4, 1, 2, [log.rows[1]!.id, log.rows[2]!.id]]);

    const withShort = UsageDetailsLog.parse((await get(inOrder, `/api/usage-details-log/${period(inOrder)}?showShort=true`)).json());
    expect(withShort.total).toBe(5);
    expect(withShort.rows[2]).toMatchObject({ day: '2026-01-17', audioFileId: 101, playTime: '10:00:02', playLength: 5, sessionNumber: 1, sessionLength: 10 });
  });

  it('should serve the not-connected plays (those outside explicit sessions) page by page', async () => {
    const response = await get(inOrder, `/api/not-connected-plays/${period(inOrder)}?limit=5`);
    expect(response.statusCode, response.body).toBe(200);
    const plays = NotConnectedPlays.parse(response.json());
    expect(plays.total).toBe(2);
    expect(plays.rows.map(({ id: _id, ...rest }) => rest)).toEqual([
      { userId: inOrder.user.id, time: '2026-01-16T12:00:00.000Z', playDay: '2026-01-16', playTime: '14:00:00', playLength: 120, audioFileId: 101, audioFileName: 'Song' },
      { userId: inOrder.user.id, time: '2026-01-16T14:00:00.000Z', playDay: '2026-01-16', playTime: '16:00:00', playLength: 60, audioFileId: inOrder.video, audioFileName: null },
    ]);
    const later = NotConnectedPlays.parse((await get(inOrder, `/api/not-connected-plays/${inOrder.user.id}/2026-01-17/2026-01-17`)).json());
    expect(later).toMatchObject({ total: 0, rows: [] });
  });

  it('should refuse bad paging with a ValidationError naming the field', async () => {
    const response = await get(inOrder, `/api/usage-details-log/${period(inOrder)}?limit=101&offset=-1`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.map((d: { path: string }) => d.path).sort()).toEqual(['querystring.limit', 'querystring.offset']);
  });

  it('should give the same figures whatever order and batches the posts arrived in', async () => {
    // The whole report (tests/support/usage-report-figures.ts): the new figures with the rest, for
    // the period and each day. A read version 1 (in order), B version 2 (shuffled) of one chDB.
    const figuresOf = async (unit: Unit, version: number) =>
      usageReportFigures({ sql: unit.t.sql, warehouse, version, users: [(await loadReportUser(unit.t.sql, unit.user.id))!], first: '2026-01-16', last: '2026-01-17', now });
    const a = await figuresOf(inOrder, 1);
    const b = await figuresOf(shuffled, 2);
    // Same user id and video id in both databases (created in the same order), so the JSON compares whole.
    expect(shuffled.user.id).toBe(inOrder.user.id);
    const { period: figures } = a[String(inOrder.user.id)] as { period: { usageDetailsLog: unknown[]; notConnectedPlays: unknown[]; sessionsWithShort: { sessions: unknown[] } } };
    expect(figures.usageDetailsLog).toHaveLength(5);
    expect(figures.notConnectedPlays).toHaveLength(2);
    expect(figures.sessionsWithShort.sessions).toHaveLength(5);
    expect(b).toEqual(a);
  });
});
