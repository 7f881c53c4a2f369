import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { LOG_START, type NewEvent, type RecordedEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import type { PostgresProjector } from '../../projections/engine/projector.ts';
import { setUpReadModel } from '../../projections/engine/read-model.ts';
import { evaluationsProjector, evaluationsTable } from '../../projections/postgres/evaluations.ts';
import { targetCountsProjector, targetCountsTable } from '../../projections/postgres/target-counts.ts';
import { getUsageSessionState, usageSessionStateTable } from '../../domain/usage/usage-session-state.ts';
import { usageSessionStateProjector } from '../../projections/postgres/usage-session-state.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

// The read models of usage sessions, evaluations and targets: replaying a batch, or the whole
// log in other cuts, leaves the same rows (the runner replays after a crash between apply and
// checkpoint only for warehouse projectors, but a rebuild or a second runner must be harmless too).
// Set up as the runner does (setUpReadModel): the projector's tables and the stable views read here.

const T = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
const user = 41;
const sessionA = eventId('test-session', 'a');
const sessionB = eventId('test-session', 'b');
const evaluation = eventId('test-evaluation', 1);

const base = (minute: number) => ({ userId: user, clientTime: T(minute), receivedAt: T(30) });
const usage: NewEvent[] = [
  { id: eventId('u', 1), type: 'UsageSessionStarted', data: { ...base(0), sessionId: sessionA, residentIds: [1, 2], activityIds: [3], outdoors: true } },
  { id: eventId('u', 2), type: 'PlaySampled', data: { ...base(1), audioFileId: 5, position: 0, playSource: null, itemType: 'Audio', recipeId: null, favoriteListId: null, categoryId: null, manualStart: true, exercise: false } },
  { id: eventId('u', 3), type: 'UsageSessionStopped', data: { ...base(5), sessionId: sessionA } },
  { id: eventId('u', 4), type: 'UsageSessionStarted', data: { ...base(10), sessionId: sessionB, residentIds: [], activityIds: [], outdoors: false } },
  // Late and older than the start of B: must not close B.
  { id: eventId('u', 5), type: 'UsageSessionStopped', data: { ...base(7), sessionId: null } },
  { id: eventId('u', 6), type: 'VideoActionLogged', data: { ...base(12), playerId: 'p', fileId: 9, fileName: 'v.mp4', position: 3, playSource: null, totalLength: 60, action: 'play' } },
];
const evaluations: NewEvent[] = [
  { id: eventId('e', 1), type: 'AudioFileEvaluated', data: { userId: user, evaluationId: evaluation, clientTime: T(0), score: 1, audioFileId: 5 } },
  { id: eventId('e', 2), type: 'EvaluationChanged', data: { userId: user, evaluationId: evaluation, clientTime: T(1), score: -1 } },
  { id: eventId('e', 3), type: 'EvaluationChanged', data: { userId: user, evaluationId: evaluation, clientTime: T(2), score: 0 } },
  { id: eventId('e', 4), type: 'MessageItemEvaluated', data: { userId: user, evaluationId: eventId('test-evaluation', 2), clientTime: T(3), score: 1, messageItemId: 8 } },
];
const target = (n: number, value: number, categoryId: number | null = null): NewEvent => ({
  id: eventId('t', n),
  type: 'TargetCountSet',
  data: { userId: user, setByUserId: user, field: categoryId === null ? 'sessions' : 'categories', categoryId, day: '2026-11-01', value },
});
const targets = [target(1, 20), target(2, 35), target(3, 10, 4), target(4, 25)];

const cases: { projector: PostgresProjector; table: string; stream: string; events: NewEvent[] }[] = [
  { projector: usageSessionStateProjector as PostgresProjector, table: usageSessionStateTable, stream: `usage-${user}`, events: usage },
  { projector: evaluationsProjector as PostgresProjector, table: evaluationsTable, stream: `evaluations-${user}`, events: evaluations },
  { projector: targetCountsProjector as PostgresProjector, table: targetCountsTable, stream: `targets-${user}`, events: targets },
];

describe.each(['pglite', 'postgres'] as const)('usage read models on %s', (database) => {
  let sql: Sql;
  let store: PostgresEventStore;
  beforeEach(async () => {
    sql = database === 'pglite' ? await emptyPglite() : createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!));
    store = createPostgresEventStore(sql);
    await store.setup();
  });
  afterEach(async () => {
    await store.close();
    await sql.close();
  });

  const recorded = async (stream: string, events: NewEvent[]): Promise<RecordedEvent[]> => {
    await store.append(stream, events);
    return store.readAll(LOG_START, 1000);
  };
  const apply = (projector: PostgresProjector, events: RecordedEvent[]) => sql.transaction((tx) => projector.apply(tx, events));
  const rows = (table: string) => sql.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`);

  describe.each(cases)('$projector.name', ({ projector, table, stream, events }) => {
    it('should be idempotent if run twice', async () => {
      const all = await recorded(stream, events);
      await setUpReadModel(sql, projector);
      await setUpReadModel(sql, projector);
      await apply(projector, all);
      const once = await rows(table);
      expect(once.length).toBeGreaterThan(0);
      await apply(projector, all);
      await apply(projector, all.slice(0, 2));
      expect(await rows(table)).toEqual(once);
    });

    it('should give the same rows whatever the batch cuts', async () => {
      const all = await recorded(stream, events);
      await setUpReadModel(sql, projector);
      await apply(projector, all);
      const whole = await rows(table);
      await sql.exec(`DELETE FROM ${table}`);
      for (const event of all) await apply(projector, [event]);
      expect(await rows(table)).toEqual(whole);
    });
  });

  it('should fold sessions by client time: a late, older stop does not close the newer session', async () => {
    const all = await recorded(`usage-${user}`, usage);
    await setUpReadModel(sql, usageSessionStateProjector as PostgresProjector);
    await apply(usageSessionStateProjector as PostgresProjector, all);
    const state = await getUsageSessionState(sql, user);
    expect(state).toMatchObject({ streamVersion: 5, openSession: { sessionId: sessionB, residentIds: [], outdoors: false }, lastPlayAt: new Date(T(12)) });
  });

  it('should keep the latest score and the latest target', async () => {
    await store.append(`evaluations-${user}`, evaluations);
    const all = await recorded(`targets-${user}`, targets);
    // As the runner does: each projector gets the types it handles.
    for (const p of [evaluationsProjector, targetCountsProjector] as PostgresProjector[]) {
      await setUpReadModel(sql, p);
      await apply(p, all.filter((e) => p.handles.includes(e.type)));
    }
    expect(await sql.query(`SELECT evaluation_id::text AS id, score, audio_file_id, message_item_id FROM ${evaluationsTable} ORDER BY time`)).toEqual([
      { id: evaluation, score: 0, audio_file_id: expect.anything(), message_item_id: null },
      { id: eventId('test-evaluation', 2), score: 1, audio_file_id: null, message_item_id: expect.anything() },
    ]);
    expect(await sql.query(`SELECT field, category_key::int AS category, value FROM ${targetCountsTable} ORDER BY field`)).toEqual([
      { field: 'categories', category: 4, value: 10 },
      { field: 'sessions', category: -1, value: 25 },
    ]);
  });
});
