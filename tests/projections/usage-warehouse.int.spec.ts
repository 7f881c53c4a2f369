import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { LOG_START } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { byStream, dumpDerived, run, sample, seedReference, started, stopped, videoAction } from './usage-warehouse-support.ts';
import { projectAll } from '../../projections/engine/project-all.ts';

// The usage warehouse projector end to end: real events through the real event store and runner,
// reference data in Postgres (PGlite and a server), one chDB warehouse for the file. Each test
// uses its own projection version, so its tables (`*_v<version>`) are its own.

const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-usage-warehouse-'));
let warehouse: Warehouse;
beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
});
afterAll(async () => {
  await warehouse.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

// Every test day is long past: no session is still open at this "now".
const clock = () => Date.parse('2026-11-22T00:00:00Z');
const users = [{ id: 11 }, { id: 12 }, { id: 13 }, { id: 14 }, { id: 15 }, { id: 16, timeZone: 'America/New_York' }];

async function openDatabase(kind: 'pglite' | 'postgres'): Promise<{ sql: Sql; store: PostgresEventStore }> {
  const sql = kind === 'pglite' ? await emptyPglite() : createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!));
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  await store.setup();
  await seedReference(sql, users);
  return { sql, store };
}

async function project(db: { sql: Sql; store: PostgresEventStore }, version: number, batchSize = 1000): Promise<void> {
  const projector = createUsageWarehouseProjector({ version, rules: defaultUsageRules, clock });
  await projectAll({ log: db.store, sql: db.sql, warehouse, projectors: [projector], batchSize, retry: { initialMs: 20, maxMs: 200 } });
}

const select = <T = Record<string, unknown>>(query: string) => warehouse.query<T>(query);

describe.each([
  ['pglite', 10],
  ['postgres', 20],
] as const)('usage warehouse on %s', (kind, version) => {
  const t = warehouseTables(version);
  let db: { sql: Sql; store: PostgresEventStore };
  beforeEach(async () => {
    db = await openDatabase(kind);
  });
  afterEach(async () => {
    await db.store.close();
    await db.sql.close();
  });

  it('should derive the golden scenarios, and re-derive when a late sample arrives', async () => {
    await db.store.appendMany(
      byStream([
        // User 11, a short session: samples at 10:00:00, :05, :10 with positions 0, 5, 10.
        // listened = 5 + 5 = 10 s; session length 10 s < 20 s, so short (hidden, uncounted).
        ...run(11, '2026-01-15T10:00:00.000Z', 3, 1, 5),
        // User 12, a 16-minute pause splits: 08:00:00-08:01:00 (7 samples, 10 s apart: 60 s), then
        // 08:17:00-08:18:00 (3 samples, 30 s apart: 60 s). Gap 16 min > 15 min: two plays, two
        // implicit sessions of 60 s each; both ContinuousMusic (file 1 is a MusicPiece, no manual start).
        ...run(12, '2026-01-15T08:00:00.000Z', 7, 1, 10),
        ...run(12, '2026-01-15T08:17:00.000Z', 3, 1, 30, 60),
        // User 13, an explicit session with residents 101, 102 and activity 7: started 09:00:00,
        // file 2 from 09:01:00 to 09:05:00 (9 samples, 30 s apart: 240 s), stopped 09:10:00.
        // Session 600 s, closedBy stop, the play is GuidedUsage with content type SingAlong (file 2's
        // highest-priority category 'Sing Along', merged). Then file 1 at 09:12:00-09:13:00 (60 s),
        // after the stop: an implicit session of its own, ContinuousMusic.
        started(13, '2026-01-15T09:00:00.000Z', '7d4f2a10-0000-4000-8000-000000000013', [102, 101], [7]),
        ...run(13, '2026-01-15T09:01:00.000Z', 9, 2, 30),
        stopped(13, '2026-01-15T09:10:00.000Z', '7d4f2a10-0000-4000-8000-000000000013'),
        ...run(13, '2026-01-15T09:12:00.000Z', 3, 1, 30),
        // User 14, across midnight in Helsinki (UTC+2 in January): 21:55:00-22:05:00 UTC is
        // 23:55-00:05 local, 21 samples 30 s apart: one play and one session of 600 s, on the day
        // of its start, 2026-01-20; nothing on 2026-01-21.
        ...run(14, '2026-01-20T21:55:00.000Z', 21, 1, 30),
        // User 15, batch one: file 1 at 10:00:00-10:02:00 (5 samples: 120 s), one implicit session.
        ...run(15, '2026-01-15T10:00:00.000Z', 5, 1, 30),
        // User 16 lives in New York (UTC-5): 03:00 UTC on 16 January is 22:00 on 15 January there.
        ...run(16, '2026-01-16T03:00:00.000Z', 3, 1, 30),
        // A video watched by user 12: play at 0, pause at 60 s (wall 60 s), play 120 s later, ended at 180.
        videoAction(12, '2026-01-15T12:00:00.000Z', 'play', 0),
        videoAction(12, '2026-01-15T12:01:00.000Z', 'pause', 60),
        videoAction(12, '2026-01-15T12:03:00.000Z', 'play', 60),
        videoAction(12, '2026-01-15T12:05:00.000Z', 'ended', 180),
      ]),
    );
    await project(db, version);

    const sessions = await select<{ user_id: number; kind: string; day: string; length: number | null; short: boolean; closed_by: string | null; session_id: string; with_participants: boolean; resident_ids: number[]; guided_seconds: number; continuous_music_seconds: number }>(
      `SELECT user_id, toString(session_id) AS session_id, kind, toString(day) AS day, length, short, closed_by, with_participants, resident_ids, guided_seconds, continuous_music_seconds
         FROM ${t.sessions} FINAL ORDER BY user_id, start_time`,
    );
    const of = (user: number) => sessions.filter((s) => s.user_id === user);
    expect(of(11)).toMatchObject([{ kind: 'implicit', day: '2026-01-15', length: 10, short: true }]);
    expect(of(12)).toMatchObject([
      { kind: 'implicit', length: 60, short: false, continuous_music_seconds: 60 },
      { kind: 'implicit', length: 60, short: false, continuous_music_seconds: 60 },
    ]);
    expect(of(13)).toMatchObject([
      { kind: 'explicit', session_id: '7d4f2a10-0000-4000-8000-000000000013', length: 600, closed_by: 'stop', with_participants: true, resident_ids: [101, 102], guided_seconds: 240 },
      { kind: 'implicit', length: 60, closed_by: 'implicit', with_participants: false, continuous_music_seconds: 60 },
    ]);
    expect(of(14)).toMatchObject([{ day: '2026-01-20', length: 600, short: false }]);
    expect(of(16)).toMatchObject([{ day: '2026-01-15', length: 60 }]);

    const plays = await select<{ user_id: number; usage_type: string; content_type: string | null; length: number; session_id: string; possible_length: number | null }>(
      `SELECT user_id, usage_type, content_type, length, toString(session_id) AS session_id, possible_length FROM ${t.plays} FINAL WHERE user_id = 13 ORDER BY start_time`,
    );
    expect(plays).toEqual([
      { user_id: 13, usage_type: 'GuidedUsage', content_type: 'SingAlong', length: 240, session_id: '7d4f2a10-0000-4000-8000-000000000013', possible_length: 600 },
      { user_id: 13, usage_type: 'ContinuousMusic', content_type: 'Music', length: 60, session_id: of(13)[1]!.session_id, possible_length: 180 },
    ]);
    expect(await select(`SELECT resident_id FROM ${t.sessionParticipants} FINAL WHERE user_id = 13 ORDER BY resident_id`)).toEqual([{ resident_id: 101 }, { resident_id: 102 }]);
    expect(await select(`SELECT activity_id FROM ${t.sessionActivities} FINAL WHERE user_id = 13`)).toEqual([{ activity_id: 7 }]);

    // Video: play 0-60 (60 s played), pause 60 s, play 60-180 (120 s played): play time 180 s of a
    // 300 s span (12:00-12:05), pause time 120 s; video length 300 s (the largest totalLength).
    expect(await select(`SELECT file_name, toString(day) AS day, time, play_time, pause_time, video_length FROM ${t.videoViews} FINAL WHERE user_id = 12`)).toEqual([
      { file_name: 'Autumn walk.mp4', day: '2026-01-15', time: '14:00:00', play_time: 180, pause_time: 120, video_length: 300 },
    ]);

    // Daily usage counts only counted sessions: user 11's short one leaves no row.
    const daily = await select(`SELECT user_id, toString(day) AS day, usage_type, seconds, sessions, sessions_with_participants FROM ${t.dailyUsage} FINAL ORDER BY user_id, day, usage_type`);
    expect(daily).toEqual([
      { user_id: 12, day: '2026-01-15', usage_type: 'ContinuousMusic', seconds: 120, sessions: 2, sessions_with_participants: 0 },
      { user_id: 12, day: '2026-01-15', usage_type: 'Total', seconds: 120, sessions: 2, sessions_with_participants: 0 },
      // User 13: the explicit session (600 s, with participants) and the implicit one (60 s).
      { user_id: 13, day: '2026-01-15', usage_type: 'ContinuousMusic', seconds: 60, sessions: 1, sessions_with_participants: 0 },
      { user_id: 13, day: '2026-01-15', usage_type: 'GuidedUsage', seconds: 240, sessions: 1, sessions_with_participants: 1 },
      { user_id: 13, day: '2026-01-15', usage_type: 'Total', seconds: 660, sessions: 2, sessions_with_participants: 1 },
      { user_id: 14, day: '2026-01-20', usage_type: 'ContinuousMusic', seconds: 600, sessions: 1, sessions_with_participants: 0 },
      { user_id: 14, day: '2026-01-20', usage_type: 'Total', seconds: 600, sessions: 1, sessions_with_participants: 0 },
      { user_id: 15, day: '2026-01-15', usage_type: 'ContinuousMusic', seconds: 120, sessions: 1, sessions_with_participants: 0 },
      { user_id: 15, day: '2026-01-15', usage_type: 'Total', seconds: 120, sessions: 1, sessions_with_participants: 0 },
      { user_id: 16, day: '2026-01-15', usage_type: 'ContinuousMusic', seconds: 60, sessions: 1, sessions_with_participants: 0 },
      { user_id: 16, day: '2026-01-15', usage_type: 'Total', seconds: 60, sessions: 1, sessions_with_participants: 0 },
    ]);

    // Late samples for user 15, posted after an offline spell: file 2 at 09:58:00-09:59:30 (4 samples,
    // 90 s), 30 s before the earlier play. Now one session 09:58:00-10:02:00 (240 s) whose first play
    // is file 2, so its id changes: the old session gets a tombstone and FINAL shows only the new one.
    const [before] = of(15);
    await db.store.appendMany(byStream(run(15, '2026-01-15T09:58:00.000Z', 4, 2, 30)));
    await project(db, version);
    const after = await select<{ session_id: string; length: number; play_count: number }>(`SELECT toString(session_id) AS session_id, length, play_count FROM ${t.sessions} FINAL WHERE user_id = 15`);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ length: 240, play_count: 2 });
    expect(after[0]!.session_id).not.toBe(before!.session_id);
    // Without FINAL the old session's newest row is its tombstone.
    expect(await select(`SELECT argMax(is_deleted, derived_version) AS deleted FROM ${t.sessions} WHERE session_id = toUUID('${before!.session_id}')`)).toEqual([{ deleted: 1 }]);
    expect(await select(`SELECT usage_type, seconds FROM ${t.dailyUsage} FINAL WHERE user_id = 15 ORDER BY usage_type`)).toEqual([
      // 90 s of file 2 (AudioProgram) + 120 s of file 1 (MusicPiece); the session is 240 s long.
      { usage_type: 'ContinuousMusic', seconds: 120 },
      { usage_type: 'ContinuousPrograms', seconds: 90 },
      { usage_type: 'Total', seconds: 240 },
    ]);
  });

  it('should be idempotent if run twice', async () => {
    await db.store.appendMany(
      byStream([
        started(13, '2026-02-01T09:00:00.000Z', '7d4f2a10-0000-4000-8000-000000000113', [101]),
        ...run(13, '2026-02-01T09:01:00.000Z', 9, 2, 30),
        ...run(12, '2026-02-01T08:00:00.000Z', 30, 1, 10),
        ...run(12, '2026-02-01T08:40:00.000Z', 10, 1, 10),
      ]),
    );
    await db.store.appendMany(byStream([stopped(13, '2026-02-01T09:20:00.000Z', null), sample(12, '2026-02-01T07:59:55.000Z', 2, 0)]));
    await project(db, version + 1, 17);
    const first = await dumpDerived(warehouse, warehouseTables(version + 1));
    // User 12: 07:59:55-08:04:50 and 08:40:00-08:41:30 (35 min apart); user 13: the explicit session.
    expect(first[warehouseTables(version + 1).sessions]!.length).toBe(3);

    await db.sql.query('UPDATE projection_checkpoints SET position_tx = 0, position_seq = 0, events_processed = 0');
    await project(db, version + 1, 17);
    expect(await dumpDerived(warehouse, warehouseTables(version + 1))).toEqual(first);
  });
});

describe('usage warehouse under other batches and orders', () => {
  it('should derive a unit\'s explicit sessions minutes apart in one round per live batch, as a whole run derives them', async () => {
    // A session of a minute and a half every 2.5 minutes, posted as the bench's probe posts them:
    // its start and stop, then its plays, each a live batch of its own. Every window's lower edge
    // falls among earlier explicit sessions, which used to send each batch to a second round of
    // window loads (nine statements more before its plays showed in the report).
    const userId = 13;
    const batches = Array.from({ length: 20 }, (_, k) => {
      const at = Date.parse('2026-04-02T08:00:00Z') + k * 150_000;
      const sessionId = `7d4f2a10-0000-4000-8000-${String(k).padStart(12, '0')}`;
      return [
        [started(userId, new Date(at).toISOString(), sessionId, [101]), stopped(userId, new Date(at + 90_000).toISOString(), sessionId)],
        Array.from({ length: 13 }, (_, i) => sample(userId, new Date(at + 5_000 + i * 5_000).toISOString(), 1, i * 5, { manualStart: true })),
      ];
    }).flat();
    // "Now" a few minutes after the last session, as for a unit playing today.
    const soon = () => Date.parse('2026-04-02T08:00:00Z') + 22 * 150_000;
    const db = await openDatabase('pglite');
    try {
      await db.store.appendMany(byStream(batches.flat()));
      await projectAll({ log: db.store, sql: db.sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 41, rules: defaultUsageRules, clock: soon })] });
      const t = warehouseTables(42);
      const sampleLoads: number[] = [];
      const counting: Warehouse = {
        ...warehouse,
        queryCompact: (sql, params) => {
          if (sql.includes(`FROM ${t.playSamples} WHERE`)) sampleLoads[sampleLoads.length - 1]! += 1;
          return warehouse.queryCompact(sql, params);
        },
      };
      const live = createUsageWarehouseProjector({ version: 42, rules: defaultUsageRules, clock: soon });
      await live.setup(counting, { sql: db.sql });
      const log = await db.store.readAll(LOG_START, 10_000);
      for (const batch of batches) {
        const ids = new Set(batch.map((e) => e.id));
        sampleLoads.push(0);
        expect(await live.apply(counting, log.filter((e) => ids.has(e.id)) as Parameters<typeof live.apply>[1], { sql: db.sql })).toBeUndefined();
      }
      expect(sampleLoads).toEqual(batches.map(() => 1));
      const whole = await dumpDerived(warehouse, warehouseTables(41));
      expect(whole[warehouseTables(41).sessions]).toHaveLength(20);
      expect(Object.values(await dumpDerived(warehouse, t))).toEqual(Object.values(whole));
    } finally {
      await db.store.close();
      await db.sql.close();
    }
  });

  it('should give identical derived tables for the same events shuffled across streams and batched differently', async () => {
    // Three users over three days: visits of 1-6 plays, a third of them explicit sessions (some
    // stopped with an id, some with null, some never), pauses around 15 min, a few video views.
    const events: Parameters<typeof byStream>[0][number][] = [];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    for (const userId of [11, 12, 16]) {
      let at = Date.parse('2026-03-28T06:00:00Z');
      for (let visit = 0; visit < 14; visit++) {
        at += Math.floor(random() * 5 * 3_600_000);
        const explicit = random() < 0.35;
        const sessionId = `7d4f2a10-0000-4000-8000-${String(userId).padStart(4, '0')}${String(visit).padStart(8, '0')}`;
        if (explicit) events.push(started(userId, new Date(at).toISOString(), sessionId, [101 + visit]));
        for (let play = 1 + Math.floor(random() * 6); play > 0; play--) {
          const count = 1 + Math.floor(random() * 12);
          events.push(...run(userId, new Date(at).toISOString(), count, 1 + Math.floor(random() * 2), 10 + Math.floor(random() * 20)));
          at += count * 30_000 + Math.floor(random() * 20 * 60_000);
        }
        if (explicit && random() < 0.7) events.push(stopped(userId, new Date(at).toISOString(), random() < 0.5 ? sessionId : null));
        if (random() < 0.2) events.push(videoAction(userId, new Date(at).toISOString(), 'play', 0), videoAction(userId, new Date(at + 90_000).toISOString(), 'ended', 90));
      }
    }
    const inOrder = await openDatabase('pglite');
    const shuffled = await openDatabase('pglite');
    try {
      await inOrder.store.appendMany(byStream(events));
      // Shuffled: random order within and across streams, in small posts, some of them twice.
      const mixed = [...events].sort(() => random() - 0.5);
      for (let i = 0; i < mixed.length; i += 25) await shuffled.store.appendMany(byStream(mixed.slice(i, i + 25 + (i % 3 === 0 ? 5 : 0))));

      // In order in one batch; shuffled in pages of 13 (the runner catches up: raw rows page by
      // page, one derivation at the end); shuffled batch by batch as live batches arrive (each
      // re-derives the windows it touches); and seeded from the first version's raw tables.
      await project(inOrder, 31, 5000);
      await project(shuffled, 32, 13);
      const live = createUsageWarehouseProjector({ version: 33, rules: defaultUsageRules, clock });
      await live.setup(warehouse, { sql: shuffled.sql });
      const log = await shuffled.store.readAll(LOG_START, 100_000);
      const handled = log.filter((e) => (live.handles as readonly string[]).includes(e.type)) as Parameters<typeof live.apply>[1];
      for (let i = 0; i < handled.length; i += 13) expect(await live.apply(warehouse, handled.slice(i, i + 13), { sql: shuffled.sql })).toBeUndefined();
      await projectAll({ log: inOrder.store, sql: inOrder.sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 34, rules: defaultUsageRules, clock, seedFrom: 31 })] });
      const a = await dumpDerived(warehouse, warehouseTables(31));
      expect(a[warehouseTables(31).sessions]!.length).toBeGreaterThan(20);
      for (const version of [32, 33, 34]) {
        const b = await dumpDerived(warehouse, warehouseTables(version));
        expect(Object.values(b).map((rows) => rows.length), `version ${version}`).toEqual(Object.values(a).map((rows) => rows.length));
        expect(Object.values(b), `version ${version}`).toEqual(Object.values(a));
      }
      // The seeded version took over version 31's checkpoint: nothing was read from the log again.
      const [seeded] = await inOrder.sql.query<{ events_processed: number }>("SELECT events_processed FROM projection_checkpoints WHERE name = 'usage-warehouse' AND version = 34");
      const [source] = await inOrder.sql.query<{ events_processed: number }>("SELECT events_processed FROM projection_checkpoints WHERE name = 'usage-warehouse' AND version = 31");
      expect(Number(seeded!.events_processed)).toBe(Number(source!.events_processed));
    } finally {
      for (const db of [inOrder, shuffled]) {
        await db.store.close();
        await db.sql.close();
      }
    }
  });
});
