import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { createProjectionRunner } from '../../projections/engine/runner.ts';
import { projectors } from '../../projections/projectors.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { SointuEvent } from '../../schemas/events/index.ts';
import { openProjectionBed, type ProjectionBed } from './support/projection-bed.ts';

// A data directory from before the safe schemas: its log holds events with NUL bytes, unpaired
// surrogates and times in year 0000, 1969 and 9999, which the old schemas accepted and on which
// projectors failed forever. After the upgrade every projector reaches the end of that log on its
// own, with nothing parked: the store repairs such data as it reads it (sanitize-on-read.ts).

const run = `repair-${Date.now()}`;
const ok = '2026-05-04T10:00:00.000Z';
const poison: { stream: string; type: string; data: Record<string, unknown> }[] = [
  { stream: 'favorite-list-901', type: 'FavoriteListCreated', data: { listId: 901, userId: 31, name: 'Bad\u0000name\ud800', description: '\udc00', at: '0000-01-01T00:00:00Z' } },
  { stream: 'usage-31', type: 'SearchLogged', data: { userId: 31, clientTime: '9999-12-31T23:59:59Z', receivedAt: '1969-12-31T23:59:59Z', query: 'x\u0000y\udc00', categoryIds: [], musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false } },
  { stream: 'usage-31', type: 'PlaySampled', data: { userId: 31, clientTime: '0000-01-01T00:00:00.000Z', receivedAt: ok, audioFileId: 5, position: 10, playSource: 'Search', itemType: 'Audio', recipeId: null, favoriteListId: null, categoryId: null, manualStart: true, exercise: false } },
  { stream: 'usage-31', type: 'ButtonActionLogged', data: { userId: 31, clientTime: ok, receivedAt: ok, button: 'b\u0000', params: { 'k\u0000': '\ud800', nested: ['\u0000'] } } },
  { stream: 'usage-31', type: 'VideoActionLogged', data: { userId: 31, clientTime: '9999-01-01T00:00:00Z', receivedAt: ok, playerId: 'p\u0000', fileId: 3, fileName: 'f\ud800', position: 1, playSource: null, totalLength: 10, action: 'play' } },
  { stream: 'usage-31', type: 'UsageSessionStarted', data: { userId: 31, clientTime: '9999-01-01T00:00:00Z', receivedAt: ok, sessionId: '0f8fad5b-d9cb-469f-a165-70867728950e', residentIds: [], activityIds: [], outdoors: false } },
  { stream: 'usage-31', type: 'LoggedIn', data: { userId: 31, clientTime: '0000-01-01T00:00:00Z', receivedAt: ok, sessionToken: 't\u0000', admin: false, method: 'password' } },
  { stream: 'usage-31', type: 'ClientVersionReported', data: { userId: 31, clientTime: ok, receivedAt: ok, version: '1\u0000\ud800' } },
  { stream: 'evaluations-31', type: 'AudioFileEvaluated', data: { userId: 31, evaluationId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', clientTime: '0000-01-01T00:00:00Z', score: 1, audioFileId: 5 } },
  { stream: 'targets-31', type: 'TargetCountSet', data: { userId: 31, setByUserId: 31, field: 'sessions', categoryId: null, day: '9999-12-01', value: 20 } },
  { stream: 'message-902', type: 'MessageDrafted', data: { messageId: 902, userId: 31, at: '0000-01-01T00:00:00Z', title: 'T\u0000\ud800', time: '9999-01-01T00:00:00Z', expireTime: null, recommendation: false, recipientCanModify: false, recipientCanReply: true, game: false, usageReport: false, replyToMessageId: null } },
  { stream: 'message-902', type: 'MessageItemAdded', data: { messageId: 902, userId: 31, at: ok, order: 1, item: { itemId: 1, type: 'InlineHTML', html: '<p>\u0000</p>', audioFileId: null, recipeId: null, fileId: null, url: null, contentType: 'x\ud800', trackClicks: false } } },
  { stream: 'message-902', type: 'ReplyPosted', data: { messageId: 902, userId: 31, replyId: '9b2c3d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', text: 'hi\u0000\udfff', fileId: null, at: '1969-07-20T20:17:00Z' } },
];

describe('a log written before the safe schemas', () => {
  let bed: ProjectionBed;
  let sql: Sql;
  let store: PostgresEventStore;
  let warehouse: Warehouse;
  beforeAll(async () => {
    bed = await openProjectionBed(() => emptyPglite());
    ({ sql, store, warehouse } = bed);
    // Written as the old store wrote them (JSON.stringify into the json column), past today's schemas.
    const versions = new Map<string, number>();
    for (const [n, e] of poison.entries()) {
      const version = versions.get(e.stream) ?? 0;
      versions.set(e.stream, version + 1);
      await sql.query('INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata) VALUES ($1, $2, $3, $4, 1, $5, $6)', [
        eventId(run, n), e.stream, version, e.type, JSON.stringify(e.data), '{}',
      ]);
    }
  }, 60_000);
  afterAll(async () => {
    await bed?.close();
  });

  it('should hold events today\'s schemas refuse', async () => {
    for (const e of poison) expect(SointuEvent.safeParse({ type: e.type, data: e.data }).success, e.type).toBe(false);
  });

  it('should read them repaired: NUL removed, lone surrogates U+FFFD, insane times the recorded time', async () => {
    const events = await store.readAll({ tx: 0, seq: 0 }, 100);
    expect(events).toHaveLength(poison.length);
    for (const e of events) expect(SointuEvent.safeParse({ type: e.type, data: e.data }).error?.issues ?? [], e.type).toEqual([]);
    const created = events.find((e) => e.type === 'FavoriteListCreated')!;
    expect(created.data).toMatchObject({ name: 'Badname\ufffd', description: '\ufffd', at: created.recordedAt.toISOString() });
    const target = events.find((e) => e.type === 'TargetCountSet')!;
    expect(target.data).toMatchObject({ day: created.recordedAt.toISOString().slice(0, 10) });
    const button = events.find((e) => e.type === 'ButtonActionLogged')!;
    expect(button.data).toMatchObject({ button: 'b', params: { k: '\ufffd', nested: [''] } });
  });

  it('should let every projector reach the end of the log with nothing parked', async () => {
    const runner = createProjectionRunner({ log: store, sql, warehouse, projectors, pollIntervalMs: 20, retry: { initialMs: 20, maxMs: 200 } });
    await runner.start();
    try {
      await runner.waitUntilCaughtUp(30_000);
      const statuses = await runner.status();
      expect(statuses.map((s) => s.name).sort()).toEqual(projectors.map((p) => p.name).sort());
      for (const s of statuses) expect(s, s.name).toMatchObject({ lagEvents: 0, lastError: null, failingEvent: null, parkedEvents: 0 });
    } finally {
      await runner.stop();
    }
    const [list] = await sql.query<{ name: string }>('SELECT name FROM favorite_lists WHERE id = 901');
    expect(list?.name).toBe('Badname\ufffd');
    const [message] = await sql.query<{ title: string }>('SELECT title FROM messages WHERE id = 902');
    expect(message?.title).toBe('T\ufffd');
    const searches = await warehouse.query<{ query: string; client_time: string }>(`SELECT query, toString(client_time) AS client_time FROM ${warehouseTables(1).searches} FINAL WHERE user_id = 31`);
    expect(searches.map((s) => s.query)).toEqual(['xy\ufffd']);
    expect(searches[0]!.client_time.startsWith('20')).toBe(true);
  });
});
