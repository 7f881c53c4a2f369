import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../../infra/db/migrate.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { AppendRequest, NewEvent } from '../../infra/event-store/event-store.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import type { WarehouseTables } from '../../projections/warehouse/tables.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';

// Usage events and reference rows for the warehouse projector tests.

type UsageNewEvent = NewEvent<EventOf<'PlaySampled' | 'UsageSessionStarted' | 'UsageSessionStopped' | 'VideoActionLogged'>>;

export const sample = (
  userId: number,
  clientTime: string,
  audioFileId: number,
  position: number,
  extra: Partial<{ manualStart: boolean; playSource: 'Search' | 'MusicChannel' | null; categoryId: number | null }> = {},
): UsageNewEvent => ({
  id: eventId('wh-test', 'PlaySampled', userId, clientTime, audioFileId, position),
  type: 'PlaySampled',
  data: {
    userId,
    clientTime,
    receivedAt: clientTime,
    audioFileId,
    position,
    playSource: extra.playSource ?? null,
    itemType: 'Audio',
    recipeId: null,
    favoriteListId: null,
    categoryId: extra.categoryId ?? null,
    manualStart: extra.manualStart ?? false,
    exercise: false,
  },
});

/** Samples every `stepSeconds` from `from`, position advancing with the clock. */
export const run = (userId: number, from: string, count: number, audioFileId: number, stepSeconds = 30, startPosition = 0): UsageNewEvent[] =>
  Array.from({ length: count }, (_, i) =>
    sample(userId, new Date(Date.parse(from) + i * stepSeconds * 1000).toISOString(), audioFileId, startPosition + i * stepSeconds),
  );

export const started = (userId: number, clientTime: string, sessionId: string, residentIds: number[], activityIds: number[] = []): UsageNewEvent => ({
  id: eventId('wh-test', 'UsageSessionStarted', userId, sessionId),
  type: 'UsageSessionStarted',
  data: { userId, clientTime, receivedAt: clientTime, sessionId, residentIds, activityIds, outdoors: false },
});

export const stopped = (userId: number, clientTime: string, sessionId: string | null): UsageNewEvent => ({
  id: eventId('wh-test', 'UsageSessionStopped', userId, clientTime, sessionId ?? 'null'),
  type: 'UsageSessionStopped',
  data: { userId, clientTime, receivedAt: clientTime, sessionId },
});

export const videoAction = (userId: number, clientTime: string, action: 'play' | 'pause' | 'ended' | 'playing', position: number): UsageNewEvent => ({
  id: eventId('wh-test', 'VideoActionLogged', userId, clientTime, action, position),
  type: 'VideoActionLogged',
  data: { userId, clientTime, receivedAt: clientTime, playerId: 'p1', fileId: 900, fileName: 'Autumn walk.mp4', position, playSource: null, totalLength: 300, action },
});

/** One append request per user stream, in the order given. */
export const byStream = (events: readonly UsageNewEvent[]): AppendRequest[] => {
  const streams = new Map<string, UsageNewEvent[]>();
  for (const e of events) {
    const stream = `usage-${e.data.userId}`;
    streams.set(stream, [...(streams.get(stream) ?? []), e]);
  }
  return [...streams].map(([stream, list]) => ({ stream, events: list }));
};

/**
 * The content library of the tests:
 * - file 1: MusicPiece, 180 s, category 10 (Music)
 * - file 2: AudioProgram, 600 s, categories 11 ('Sing Along', priority 2) and 12 (Story, priority 1)
 */
export async function seedReference(sql: Queryable, users: readonly { id: number; timeZone?: string }[]): Promise<void> {
  await sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (10, 'Songs', 'Music', 'Music'), (11, 'Sing', 'Music', 'Sing Along'), (12, 'Stories', 'Program', 'Story')`);
  await sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180), (2, 'AudioProgram', 'Program', 600)`);
  await sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (1, 10, 0), (2, 11, 2), (2, 12, 1)');
  for (const u of users) {
    await sql.query('INSERT INTO users (id, name, config) VALUES ($1, $2, $3)', [u.id, `user-${u.id}`, JSON.stringify(u.timeZone ? { timeZone: u.timeZone } : {})]);
  }
}

/** Every derived table's visible rows (FINAL), without derived_version, in key order. */
export async function dumpDerived(warehouse: Warehouse, t: WarehouseTables, userIds?: readonly number[]): Promise<Record<string, unknown[]>> {
  const where = userIds ? `WHERE user_id IN (${userIds.join(', ')})` : '';
  const dump: Record<string, unknown[]> = {};
  for (const [name, key] of [
    [t.sessions, 'user_id, session_id'],
    [t.plays, 'user_id, play_id'],
    [t.sessionParticipants, 'user_id, session_id, resident_id'],
    [t.sessionActivities, 'user_id, session_id, activity_id'],
    [t.videoViews, 'user_id, view_id'],
    [t.dailyUsage, 'user_id, day, usage_type'],
  ] as const) {
    dump[name] = await warehouse.query(`SELECT * EXCEPT (derived_version) FROM ${name} FINAL ${where} ORDER BY ${key}`);
  }
  return dump;
}

export interface WarehouseWorld {
  warehouse: Warehouse;
  sql: Sql;
  store: PostgresEventStore;
  /** chDB's throwaway folder. */
  dir: string;
}

/** chDB in a throwaway folder, a migrated PGlite with its event store, and the reference rows of `users`. */
export async function openWarehouseWorld(name: string, users: readonly { id: number; timeZone?: string }[]): Promise<WarehouseWorld> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sointu-${name}-`));
  const warehouse = await connectTestWarehouse(dir);
  const sql = await emptyPglite();
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  await store.setup();
  await seedReference(sql, users);
  return { warehouse, sql, store, dir };
}

export async function closeWarehouseWorld({ warehouse, sql, store, dir }: WarehouseWorld): Promise<void> {
  await store.close();
  await sql.close();
  await warehouse.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
