import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendInTransaction } from '../../infra/event-store/append-in-transaction.ts';
import { comparePositions, LOG_START, type EventStore, type LogPosition } from '../../infra/event-store/event-store.ts';
import { connectKurrentDb, createKurrentDbEventStore } from '../../infra/event-store/kurrentdb-event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { prepareRequests } from '../../infra/event-store/prepare-events.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { reachableKurrentDb } from '../support/kurrentdb.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { playSampled } from './event-store-fixtures.ts';

// The proof that a live subscriber never skips an event: writers on their own connections commit
// in an order unrelated to the positions their events took, some holding their transaction open
// for a long time after inserting, while one subscriber follows the log live.

const WRITERS = 8;
const RUN_MS = 10_000;
const STREAMS = 48;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const random = (n: number) => Math.floor(Math.random() * n);

interface Seen {
  id: string;
  position: LogPosition;
}

describe('Postgres event store under concurrent writers', () => {
  let url: string;
  const opened: Sql[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const connect = (max = 2) => {
    const sql = createPgSql(url, { max });
    opened.push(sql);
    return sql;
  };

  beforeAll(async () => {
    url = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    await createPostgresEventStore(connect()).setup();
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await Promise.all(opened.map((sql) => sql.close()));
  });

  /** Mostly ordinary appends; now and then a transaction that stays open after its insert. */
  async function writer(index: number, store: PostgresEventStore, sql: Sql, until: number): Promise<number> {
    let n = 0;
    while (Date.now() < until) {
      const user = 1 + random(STREAMS);
      const batch = Array.from({ length: 1 + random(5) }, () => playSampled(user, index * 10_000_000 + n++, 'concurrency'));
      if (random(20) === 0) {
        // The store's own append path, held open before commit: its positions are taken now,
        // its commit comes after many later positions are already committed and readable.
        await sql.transaction(async (tx) => {
          await appendInTransaction(tx, prepareRequests([{ stream: `usage-${user}`, events: batch }], () => ''));
          await sleep(50 + random(500));
        });
      } else {
        await store.append(`usage-${user}`, batch);
      }
      await sleep(random(4));
    }
    return n;
  }

  it('should give a live subscriber every event exactly once, in one stable order', async () => {
    const follower = createPostgresEventStore(connect(), { pollMs: 200 });
    cleanups.push(() => follower.close());
    const seen: Seen[] = [];
    let overlapping = false;
    let busy = false;
    const live = follower.subscribe({
      after: LOG_START,
      batchSize: 200,
      async onBatch(events) {
        overlapping ||= busy;
        busy = true;
        seen.push(...events.map((e) => ({ id: e.id, position: e.position })));
        await sleep(random(3));
        busy = false;
      },
    });
    cleanups.unshift(() => live.stop());

    // A transaction that writes no event but holds back the readable horizon for a while.
    const idle = connect(1);
    const until = Date.now() + RUN_MS;
    const stalls = (async () => {
      while (Date.now() < until) {
        await idle.transaction(async (tx) => {
          await tx.query('SELECT pg_current_xact_id()');
          await sleep(300 + random(700));
        });
        await sleep(random(1000));
      }
    })();
    const written = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => {
        const sql = connect();
        return writer(i, createPostgresEventStore(sql), sql, until);
      }),
    );
    await stalls;

    const check = connect(1);
    const stored = (await check.query<{ id: string }>('SELECT event_id::text AS id FROM events')).map((r) => r.id);
    expect(stored.length).toBe(written.reduce((a, b) => a + b, 0));
    expect(stored.length).toBeGreaterThan(1_000);
    const deadline = Date.now() + 15_000;
    while (seen.length < stored.length && Date.now() < deadline) await sleep(50);
    await sleep(500); // anything extra (a duplicate) would arrive now
    await live.stop();

    expect(overlapping).toBe(false);
    expect(seen.length).toBe(stored.length);
    expect(new Set(seen.map((e) => e.id))).toEqual(new Set(stored));
    for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
    // The run did exercise the hard case: commit order differed from position (sequence) order.
    const outOfSequence = seen.filter((e, i) => i > 0 && e.position.seq < seen[i - 1]!.position.seq).length;
    expect(outOfSequence).toBeGreaterThan(0);

    // A second reader from the start, after the fact, sees the identical sequence.
    const replay: string[] = [];
    const second = createPostgresEventStore(connect());
    cleanups.push(() => second.close());
    const again = second.subscribe({
      after: LOG_START,
      batchSize: 1000,
      async onBatch(events) {
        replay.push(...events.map((e) => e.id));
      },
    });
    while (replay.length < stored.length && Date.now() < deadline + 15_000) await sleep(20);
    await again.stop();
    expect(replay).toEqual(seen.map((e) => e.id));
  });
});

// What several processes appending at once must get right on every store: the Postgres server's
// and KurrentDB's (where EVENTSTORE_URL reaches one; skipped with a message otherwise).
const kurrentUrl = await reachableKurrentDb('tests/infra/event-store-concurrency.int.spec.ts');
const engines: [string, () => Promise<() => EventStore>][] = [
  [
    'a Postgres server',
    async () => {
      const url = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      const first = createPostgresEventStore(createPgSql(url, { max: 2 }));
      await first.setup();
      return () => createPostgresEventStore(createPgSql(url, { max: 2 }));
    },
  ],
  ['KurrentDB', async () => () => createKurrentDbEventStore(connectKurrentDb(kurrentUrl!), { pollMs: 200 })],
];

for (const [engine, prepare] of engines) describe.skipIf(engine === 'KurrentDB' && !kurrentUrl)(`Event store on ${engine}, several processes at once`, () => {
  // Each "process" is a store of its own, on its own connection.
  let open: () => EventStore;
  const stores: EventStore[] = [];
  const openProcess = () => {
    const store = open();
    stores.push(store);
    return store;
  };
  // Every run its own streams: a KurrentDB server keeps what earlier runs wrote.
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    open = await prepare();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('should give a live subscriber every event exactly once, in log order, and a replay the same', async () => {
    const follower = openProcess();
    const start = (await follower.backlog(LOG_START)).newest ?? LOG_START;
    const seen: Seen[] = [];
    const live = follower.subscribe({
      after: start,
      batchSize: 200,
      async onBatch(events) {
        seen.push(...events.map((e) => ({ id: e.id, position: e.position })));
      },
    });
    const until = Date.now() + RUN_MS / 2;
    const written = await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const store = openProcess();
        const ids: string[] = [];
        for (let n = 0; Date.now() < until; n++) {
          const user = 1 + random(STREAMS);
          const batch = Array.from({ length: 1 + random(5) }, (_, k) => playSampled(user, w * 10_000_000 + n * 10 + k, `live-${run}`));
          await store.append(`usage-live-${run}-${user}`, batch);
          ids.push(...batch.map((e) => e.id));
        }
        return ids;
      }),
    );
    const all = written.flat();
    expect(all.length).toBeGreaterThan(100);
    const deadline = Date.now() + 30_000;
    while (seen.length < all.length && Date.now() < deadline) await sleep(50);
    await sleep(500); // anything extra (a duplicate) would arrive now
    await live.stop();
    expect(seen.length).toBe(all.length);
    expect(new Set(seen.map((e) => e.id))).toEqual(new Set(all));
    for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
    const replay = await openProcess().readAll(start, all.length + 1);
    expect(replay.map((e) => e.id)).toEqual(seen.map((e) => e.id));
  });

  it('should store a batch once when two processes retry the same append at the same moment', async () => {
    const [one, two] = [openProcess(), openProcess()];
    for (let round = 0; round < 20; round++) {
      const stream = `usage-retry-${run}-${round}`;
      const batch = Array.from({ length: 50 }, (_, i) => playSampled(round, i, `retry-${run}`));
      // Half the rounds with a version check: the loser must still answer as a duplicate, not a Conflict.
      const expected = round % 2 === 0 ? ('any' as const) : ('no_stream' as const);
      const results = await Promise.all([one.append(stream, batch, expected), two.append(stream, batch, expected)]);
      expect(results.map((r) => r.nextExpectedVersion)).toEqual([49, 49]);
      expect(results.map((r) => r.appended).sort()).toEqual([0, 50]);
      expect((await one.readStream(stream)).map((e) => e.id)).toEqual(batch.map((e) => e.id));
    }
  });

  it('should not deadlock or lose a batch when bulk appends share streams', async () => {
    const writers = Array.from({ length: 4 }, () => openProcess());
    let n = 0;
    const post = (user: number) => ({ stream: `usage-bulk-${run}-${user}`, events: [playSampled(user, n++, `bulk-${run}`), playSampled(user, n++, `bulk-${run}`)] });
    await Promise.all(
      writers.map(async (store, w) => {
        for (let i = 0; i < 15; i++) {
          // Each writer names the shared streams in its own order.
          const users = Array.from({ length: 20 }, (_, k) => (k * (w + 1) + i) % 20);
          await store.appendMany(users.map(post));
        }
      }),
    );
    const streams = await Promise.all(Array.from({ length: 20 }, (_, user) => writers[0]!.readStream(`usage-bulk-${run}-${user}`)));
    expect(streams.reduce((a, events) => a + events.length, 0)).toBe(n);
    for (const events of streams) expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => i));
  });
});
