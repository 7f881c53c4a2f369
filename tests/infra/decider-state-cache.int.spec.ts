import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommandToState, stateCachePerStore } from '../../infra/event-store/decider.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { favoritesDecider, type FavoriteListState, type FavoritesCommand } from '../../commands/favorites/favorites-decider.ts';
import { favoriteEventId } from '../../commands/favorites/favorite-list-stream.ts';

// A decider's folded state kept by stream (infra/event-store/decider.ts): a command reads only
// the events after the version it holds, and decides exactly as on the whole stream, whoever
// appended those events.

let sql: Sql;
let store: PostgresEventStore;
/** Another store on the same log, as another process would append through it. */
let other: PostgresEventStore;
const streamReads: { stream: string; fromVersion: number; events: number }[] = [];
/** Run once between a command's read and its append: another writer's append wins the race. */
let race: (() => Promise<unknown>) | undefined;
let counted: EventStore;

beforeAll(async () => {
  sql = await emptyPglite();
  store = createPostgresEventStore(sql);
  await store.setup();
  other = createPostgresEventStore(sql);
  counted = {
    ...store,
    async readStream(stream, options) {
      const events = await store.readStream(stream, options);
      streamReads.push({ stream, fromVersion: options?.fromVersion ?? 0, events: events.length });
      const racing = race;
      race = undefined;
      await racing?.();
      return events;
    },
  };
});
afterAll(async () => {
  await other.close();
  await store.close();
  await sql.close();
});

const actor = { userId: 5, admin: false };
const tap = (audioFileId: number, value: boolean): FavoritesCommand => ({ kind: 'setAudioFile', actor, listId: 0, audioFileId, value, order: null, insertionTime: null, at: '2026-11-29T08:00:00.000Z' });
const run = (on: EventStore, stream: string, command: FavoritesCommand, cache?: ReturnType<ReturnType<typeof stateCachePerStore<FavoriteListState>>>) =>
  handleCommandToState(on, stream, favoritesDecider, command, favoriteEventId(stream), cache);
const fold = async (stream: string) => (await store.readStream(stream)).reduce((s, e) => favoritesDecider.evolve(s, e as never), favoritesDecider.initialState());
const files = (state: FavoriteListState) => [...state.audioFiles.entries()].sort(([a], [b]) => a - b);

describe('decider state cache', () => {
  it('should read only the events after the version it holds and decide as on the whole stream', async () => {
    const cache = stateCachePerStore<FavoriteListState>()(counted);
    const stream = 'favorites-cache-1';
    for (let i = 1; i <= 6; i++) await run(counted, stream, tap(i, true), cache);
    streamReads.length = 0;
    const { state, version } = await run(counted, stream, tap(3, false), cache);
    expect(streamReads).toEqual([{ stream, fromVersion: version, events: 0 }]);
    expect(files(state)).toEqual(files(await fold(stream)));
    expect(state.audioFiles.has(3)).toBe(false);
  });

  it("should fold in what another process appended since, and decide again after losing a race", async () => {
    const cache = stateCachePerStore<FavoriteListState>()(counted);
    const stream = 'favorites-cache-2';
    await run(counted, stream, tap(1, true), cache);
    await run(other, stream, tap(2, true));
    await run(other, stream, tap(1, false));
    streamReads.length = 0;
    const { state, events } = await run(counted, stream, tap(3, true), cache);
    expect(streamReads).toEqual([{ stream, fromVersion: 1, events: 2 }]);
    expect(events.map((e) => e.type)).toEqual(['AudioFileFavorited']);
    expect(files(state)).toEqual(files(await fold(stream)));
    expect([...state.audioFiles.keys()].sort()).toEqual([2, 3]);

    // Another writer appends between the read and the append: a Conflict, and the cache holds
    // only what was true; the next try reads on from there and decides on the newer state.
    race = () => run(other, stream, tap(4, true));
    await expect(run(counted, stream, tap(5, true), cache)).rejects.toMatchObject({ kind: 'Conflict' });
    const after = await run(counted, stream, tap(5, true), cache);
    expect(files(after.state)).toEqual(files(await fold(stream)));
    expect([...after.state.audioFiles.keys()].sort()).toEqual([2, 3, 4, 5]);
  });

  it('should keep one cache per store: the same stream name in another log is another stream', async () => {
    const caches = stateCachePerStore<FavoriteListState>();
    const elsewhereSql = await emptyPglite();
    const elsewhere = createPostgresEventStore(elsewhereSql);
    await elsewhere.setup();
    try {
      const stream = 'favorites-cache-3';
      await run(store, stream, tap(1, true), caches(store));
      const { state } = await run(elsewhere, stream, tap(2, true), caches(elsewhere));
      expect([...state.audioFiles.keys()]).toEqual([2]);
      expect(caches(store)).not.toBe(caches(elsewhere));
    } finally {
      await elsewhere.close();
      await elsewhereSql.close();
    }
  });
});
