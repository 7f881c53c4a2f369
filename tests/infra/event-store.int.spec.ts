import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors.ts';
import { comparePositions, LOG_START, type EventStore, type RecordedEvent } from '../../infra/event-store/event-store.ts';
import { connectKurrentDb, createKurrentDbEventStore } from '../../infra/event-store/kurrentdb-event-store.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { reachableKurrentDb } from '../support/kurrentdb.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { playSampled } from './event-store-fixtures.ts';

// The event store's contract, on every engine a store runs on: PGlite and a Postgres server (the
// Postgres store), and KurrentDB where EVENTSTORE_URL reaches one (skipped, with a message, elsewhere).

interface Engine {
  store: EventStore;
  /** The store's Postgres connection, for the tests of what only Postgres does. */
  sql?: Sql;
  /** Another store on the same log, as another process would open it. */
  other(): Promise<{ store: EventStore; close(): Promise<void> }>;
  close(): Promise<void>;
}

async function postgresEngine(sql: Sql, connectAgain: () => Promise<Sql>): Promise<Engine> {
  const store = createPostgresEventStore(sql, { pollMs: 100 });
  await store.setup();
  await store.setup(); // idempotent
  return {
    store,
    sql,
    async other() {
      const otherSql = sql.kind === 'postgres' ? await connectAgain() : sql;
      const other = createPostgresEventStore(otherSql);
      return { store: other, close: async () => (await other.close(), otherSql !== sql ? otherSql.close() : undefined) };
    },
    close: async () => (await store.close(), sql.close()),
  };
}

const kurrentUrl = await reachableKurrentDb('tests/infra/event-store.int.spec.ts');
const engines: [string, () => Promise<Engine>][] = [
  ['PGlite', async () => postgresEngine(await emptyPglite(), () => Promise.reject(new Error('one PGlite per process')))],
  [
    'a Postgres server',
    async () => {
      const url = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      return postgresEngine(createPgSql(url), async () => createPgSql(url));
    },
  ],
  [
    'KurrentDB',
    async () => {
      const store = createKurrentDbEventStore(connectKurrentDb(kurrentUrl!), { pollMs: 100 });
      return {
        store,
        async other() {
          const other = createKurrentDbEventStore(connectKurrentDb(kurrentUrl!));
          return { store: other, close: () => other.close() };
        },
        close: () => store.close(),
      };
    },
  ],
];

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

// KurrentDB runs where a server answers (reachableKurrentDb printed why not); Postgres always.
for (const [engine, open] of engines) describe.skipIf(engine === 'KurrentDB' && !kurrentUrl)(`Event store on ${engine}`, () => {
  let opened: Engine;
  let store: EventStore;
  // Every test works on its own streams and ids.
  let run: string;
  let userId = 1000;
  const nextUser = () => ++userId;
  const events = (user: number, from: number, count: number) => Array.from({ length: count }, (_, i) => playSampled(user, from + i, run));
  const countRows = async (stream: string) => (await store.readStream(stream)).length;

  beforeAll(async () => {
    opened = await open();
    store = opened.store;
    run = randomUUID();
  });
  afterAll(async () => {
    await opened.close();
  });

  it('should append events and read them back from the stream in order', async () => {
    const user = nextUser();
    const stream = `usage-${user}`;
    const written = events(user, 0, 3);
    expect(await store.append(stream, written, 'no_stream')).toEqual({ nextExpectedVersion: 2, appended: 3 });
    expect(await store.append(stream, events(user, 3, 2), 2)).toEqual({ nextExpectedVersion: 4, appended: 2 });

    const read = await store.readStream(stream);
    expect(read.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3, 4]);
    expect(read[0]).toMatchObject({ id: written[0]!.id, type: 'PlaySampled', data: written[0]!.data, schemaVersion: 1, streamId: stream, metadata: written[0]!.metadata });
    expect(read[0]!.recordedAt).toBeInstanceOf(Date);
    expect((await store.readStream(stream, { fromVersion: 3 })).map((e) => e.streamVersion)).toEqual([3, 4]);
    expect((await store.readStream(stream, { fromVersion: 1, limit: 2 })).map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(await store.readStream('usage-none')).toEqual([]);
  });

  it('should find a stored event by its id, in any case, and nothing for an unknown id', async () => {
    const user = nextUser();
    const written = events(user, 0, 3);
    await store.append(`usage-${user}`, written);
    const found = await store.findEvent(written[1]!.id.toUpperCase());
    expect(found).toMatchObject({ id: written[1]!.id, streamId: `usage-${user}`, streamVersion: 1, type: 'PlaySampled', data: written[1]!.data });
    expect(await store.findEvent(randomUUID())).toBeNull();
  });

  it('should refuse a stale expected version with Conflict and store nothing', async () => {
    const user = nextUser();
    const stream = `usage-${user}`;
    await store.append(stream, events(user, 0, 3), 'no_stream');

    const again = await rejection(store.append(stream, events(user, 3, 1), 'no_stream'));
    expect(again.kind).toBe('Conflict');
    expect(again.details).toEqual({ stream, expected: 'no_stream', actual: 2 });
    const stale = await rejection(store.append(stream, events(user, 3, 1), 1));
    expect(stale.details).toEqual({ stream, expected: 1, actual: 2 });
    const ahead = await rejection(store.append(stream, events(user, 3, 1), 3));
    expect(ahead.kind).toBe('Conflict');
    const missing = await rejection(store.append(`usage-${nextUser()}`, events(user, 3, 1), 0));
    expect(missing.details).toMatchObject({ expected: 0, actual: -1 });
    const emptyStale = await rejection(store.append(stream, [], 0));
    expect(emptyStale.kind).toBe('Conflict');

    expect(await countRows(stream)).toBe(3);
    expect(await store.append(stream, events(user, 3, 1), 2)).toEqual({ nextExpectedVersion: 3, appended: 1 });
    expect(await store.append(stream, [], 3)).toEqual({ nextExpectedVersion: 3, appended: 0 });
  });

  it('should store nothing twice when an append is retried', async () => {
    const user = nextUser();
    const stream = `usage-${user}`;
    const batch = events(user, 0, 4);
    await store.append(stream, batch, 'no_stream');
    // The retry carries the expected version of the first attempt, now stale: still a success.
    expect(await store.append(stream, batch, 'no_stream')).toEqual({ nextExpectedVersion: 3, appended: 0 });
    expect(await store.append(stream, batch.slice(1, 3), -1)).toEqual({ nextExpectedVersion: 3, appended: 0 });
    // Partial overlap: only the new events are stored.
    expect(await store.append(stream, [...batch.slice(2), ...events(user, 4, 2)])).toEqual({ nextExpectedVersion: 5, appended: 2 });
    // The same id twice in one call.
    const twice = events(user, 6, 1);
    expect(await store.append(stream, [...twice, ...twice], 5)).toEqual({ nextExpectedVersion: 6, appended: 1 });
    // Postgres skips a stored id in any stream; KurrentDB within its stream, which is all our ids
    // need (uuid v5 of the fact, stream included): there the batch is new to the other stream.
    const [other] = await store.appendMany([{ stream: `usage-${nextUser()}`, events: batch }]);
    expect(other).toEqual(engine === 'KurrentDB' ? { nextExpectedVersion: 3, appended: 4 } : { nextExpectedVersion: -1, appended: 0 });

    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(new Set(stored.map((e) => e.id)).size).toBe(7);
  });

  // All or nothing on Postgres (one transaction); on KurrentDB each request is atomic and they are
  // appended in order, so a conflict in a later request leaves the earlier ones stored.
  it('should append to many streams in one call, all or nothing (KurrentDB: per request, in order)', async () => {
    const [a, b, c] = [nextUser(), nextUser(), nextUser()];
    await store.append(`usage-${b}`, events(b, 0, 2), 'no_stream');
    const results = await store.appendMany([
      { stream: `usage-${a}`, events: events(a, 0, 300) },
      { stream: `usage-${b}`, events: events(b, 2, 300), expected: 1 },
      { stream: `usage-${a}`, events: events(a, 300, 200) },
      { stream: `usage-${c}`, events: events(c, 0, 200), expected: 'no_stream' },
    ]);
    expect(results).toEqual([
      { nextExpectedVersion: 299, appended: 300 },
      { nextExpectedVersion: 301, appended: 300 },
      { nextExpectedVersion: 499, appended: 200 },
      { nextExpectedVersion: 199, appended: 200 },
    ]);
    expect((await store.readStream(`usage-${a}`)).map((e) => e.id)).toEqual(events(a, 0, 500).map((e) => e.id));

    const [d, e] = [nextUser(), nextUser()];
    const conflict = await rejection(
      store.appendMany([
        { stream: `usage-${d}`, events: events(d, 0, 10) },
        { stream: `usage-${e}`, events: events(e, 0, 10), expected: 4 },
      ]),
    );
    expect(conflict.kind).toBe('Conflict');
    const storedOfD = engine === 'KurrentDB' ? 10 : 0;
    expect(await countRows(`usage-${d}`)).toBe(storedOfD);
    expect(await countRows(`usage-${e}`)).toBe(0);

    const bad = events(e, 0, 2);
    bad[1]!.data.position = -5;
    const invalid = await rejection(
      store.appendMany([
        { stream: `usage-${d}`, events: events(d, 0, 10) },
        { stream: `usage-${e}`, events: bad },
      ]),
    );
    expect(invalid.kind).toBe('ValidationError');
    expect(invalid.details).toEqual([expect.objectContaining({ path: 'requests.1.events.1.data.position' })]);
    // Validation comes before the first append on every engine.
    expect(await countRows(`usage-${d}`)).toBe(storedOfD);
  });

  it('should refuse invalid events with ValidationError naming the fields, and store nothing', async () => {
    const user = nextUser();
    const stream = `usage-${user}`;
    const [good, bad] = events(user, 0, 2);
    const broken = { ...bad!, data: { ...bad!.data, clientTime: 'yesterday', audioFileId: 'x' } } as unknown as typeof good & {};
    const error = await rejection(store.append(stream, [good!, broken]));
    expect(error.kind).toBe('ValidationError');
    expect((error.details as { path: string }[]).map((i) => i.path).sort()).toEqual(['events.1.data.audioFileId', 'events.1.data.clientTime']);

    const unknownType = { ...good!, type: 'Exploded' } as unknown as typeof good & {};
    expect((await rejection(store.append(stream, [unknownType]))).kind).toBe('ValidationError');
    const badId = { ...good!, id: "1'; DROP TABLE events; --" };
    expect((await rejection(store.append(stream, [badId]))).details).toEqual([expect.objectContaining({ path: 'events.0.id' })]);
    expect((await rejection(store.append('', [good!]))).kind).toBe('ValidationError');
    expect((await rejection(store.append(stream, [good!], -2))).kind).toBe('ValidationError');
    expect(await countRows(stream)).toBe(0);
  });

  it('should store text that looks like COPY syntax exactly as given', async () => {
    const user = nextUser();
    // Tabs, newlines, backslashes, COPY's null marker and end-of-data line, quotes and non-ASCII,
    // in the data and in the stream name, which travel in COPY's text format.
    const tricky = 'a\tb\nc\r\\N\n\\.\n\\\\ "quoted" \'single\' \u00e4\u00f6 \u{1f3b5} \\u0000 %s $1';
    const stream = `usage-${user}\t\\N\nx`;
    const search = {
      id: randomUUID(),
      type: 'SearchLogged' as const,
      data: { userId: user, clientTime: '2025-01-01T08:00:00.000Z', receivedAt: '2025-01-01T08:00:00.000Z', query: tricky, categoryIds: [], musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false },
      metadata: { userId: user, correlationId: tricky },
    };
    await store.appendMany([{ stream, events: [search] }, { stream: `usage-${user}`, events: events(user, 0, 1) }]);
    const [stored] = await store.readStream(stream);
    expect(stored!.data).toEqual(search.data);
    expect(stored!.metadata).toEqual(search.metadata);
    expect(stored!.streamId).toBe(stream);
    expect(await countRows(`usage-${user}`)).toBe(1);
  });

  it('should accept an uppercase event id once, and refuse metadata with unknown fields', async () => {
    const user = nextUser();
    const stream = `usage-${user}`;
    const [first, second] = events(user, 0, 2);
    const upper = { ...first!, id: first!.id.toUpperCase() };
    await store.append(stream, [upper]);
    expect((await store.append(stream, [first!])).appended).toBe(0);
    expect((await store.readStream(stream))[0]!.id).toBe(first!.id);

    const extra = { ...second!, metadata: { userId: user, secret: 'x' } } as unknown as typeof second & {};
    expect((await rejection(store.append(stream, [extra]))).details).toEqual([expect.objectContaining({ path: 'events.0.metadata' })]);
    const fractional = { ...second!, metadata: { userId: 1.5 } };
    expect((await rejection(store.append(stream, [fractional]))).details).toEqual([expect.objectContaining({ path: 'events.0.metadata.userId' })]);
    const list = { ...second!, metadata: [] } as unknown as typeof second & {};
    expect((await rejection(store.append(stream, [list]))).details).toEqual([expect.objectContaining({ path: 'events.0.metadata' })]);
    expect(await countRows(stream)).toBe(1);
  });

  it('should page through the global log without gaps or repeats', async () => {
    const user = nextUser();
    await store.appendMany([1, 2, 3].map((k) => ({ stream: `usage-${user}-${k}`, events: events(user, k * 100, 7) })));
    const whole = await store.readAll(LOG_START, 100_000);
    // Counted by the engine itself (SQL count, or KurrentDB's own reading), not by paging.
    const total = (await store.backlog(LOG_START)).events;
    expect(whole.length).toBe(total);

    const paged: RecordedEvent[] = [];
    for (let page = await store.readAll(LOG_START, 4); page.length > 0; page = await store.readAll(page.at(-1)!.position, 4)) {
      expect(page.length).toBeLessThanOrEqual(4);
      paged.push(...page);
    }
    expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    for (let i = 1; i < paged.length; i++) expect(comparePositions(paged[i - 1]!.position, paged[i]!.position)).toBeLessThan(0);
    expect(await store.readAll(whole.at(-1)!.position, 10)).toEqual([]);

    expect((await store.backlog(LOG_START)).events).toBe(total);
    const middle = whole[whole.length - 5]!.position;
    const backlog = await store.backlog(middle);
    expect(backlog.events).toBe(4);
    expect(backlog.oldestRecordedAt).toBeInstanceOf(Date);
    expect(backlog.newest).toEqual(whole.at(-1)!.position);
    expect(await store.backlog(whole.at(-1)!.position)).toEqual({ events: 0, oldestRecordedAt: null, newest: null });
  });

  // The store gathers the statistics of the log (postgres-event-store.ts says why), or counting the
  // lag of a caught-up projection scans the whole log (seconds at millions of events). PGlite runs
  // no autovacuum, and on the server it is off for the log here: only the store can have done it.
  it.runIf(engine !== 'KurrentDB')('should gather the statistics of the log as it grows', async () => {
    const sql = opened.sql!;
    if (sql.kind === 'postgres') await sql.query('ALTER TABLE events SET (autovacuum_enabled = false)');
    const statistics = async () => {
      const [row] = await sql.query<{ rows: number; histogram: boolean; analyses: number }>(
        `SELECT (SELECT reltuples::float8 FROM pg_class WHERE relname = 'events') AS rows,
                EXISTS (SELECT 1 FROM pg_stats WHERE tablename = 'events' AND attname = 'transaction_id') AS histogram,
                (SELECT analyze_count::float8 FROM pg_stat_user_tables WHERE relname = 'events') AS analyses`,
      );
      return row!;
    };
    const before = await statistics();
    const user = nextUser();
    for (let k = 0; k < 12; k++) await store.appendMany([{ stream: `usage-${user}-${k}`, events: events(user, k * 1000, 1000) }]);
    const deadline = Date.now() + 10_000;
    // Once at least 10,000 events were appended through the store.
    const done = ({ rows, analyses }: { rows: number; analyses: number }) => analyses > before.analyses && rows >= 10_000;
    while (!done(await statistics()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const { rows, histogram, analyses } = await statistics();
    expect(analyses).toBeGreaterThan(before.analyses);
    expect(histogram).toBe(true);
    expect(rows).toBeGreaterThanOrEqual(10_000);
    const last = (await store.readStream(`usage-${user}-11`)).at(-1)!.position;
    expect((await store.backlog({ tx: last.tx, seq: last.seq - 10 })).events).toBe(10);
  });

  it('should catch up from a position, then deliver new events live, in order', async () => {
    const user = nextUser();
    await store.append(`usage-${user}`, events(user, 0, 25));
    const before = await store.readAll(LOG_START, 100_000);
    const seen: RecordedEvent[] = [];
    const batchSizes: number[] = [];
    let running = 0;
    const subscription = store.subscribe({
      after: LOG_START,
      batchSize: 10,
      async onBatch(batch, last) {
        expect(++running).toBe(1); // one batch at a time
        await new Promise((r) => setTimeout(r, 5));
        expect(last).toEqual(batch.at(-1)!.position);
        seen.push(...batch);
        batchSizes.push(batch.length);
        running--;
      },
    });
    // The whole log so far, ten events and a 5 ms pause a batch: allow for a busy machine.
    await until(() => seen.length === before.length, 60_000);
    expect(Math.max(...batchSizes)).toBe(10);

    for (let i = 0; i < 5; i++) await store.append(`usage-${user}`, events(user, 25 + i * 3, 3));
    await until(() => seen.length === before.length + 15);
    await subscription.stop();
    expect(seen.map((e) => e.id)).toEqual((await store.readAll(LOG_START, 100_000)).map((e) => e.id));
    expect(subscription.position).toEqual(seen.at(-1)!.position);

    // Stopped means stopped.
    await store.append(`usage-${user}`, events(user, 100, 1));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.length).toBe(before.length + 15);
  });

  it('should wake the listeners of another store instance (another process) after an append', async () => {
    const { store: other, close } = await opened.other();
    let woken = 0;
    const unlisten = other.onAppended(() => woken++);
    await new Promise((r) => setTimeout(r, 200)); // LISTEN is in place
    const user = nextUser();
    await store.append(`usage-${user}`, events(user, 0, 1));
    await until(() => woken > 0, 5_000);
    unlisten();
    await close();
  });

  it("should wake its own listeners once the appender has its answer, on PGlite once per append", async () => {
    let woken = 0;
    const unlisten = store.onAppended(() => woken++);
    await new Promise((r) => setTimeout(r, 200)); // LISTEN is in place
    const user = nextUser();
    await store.append(`usage-${user}`, events(user, 0, 1));
    // The answer first: a projector woken now would read on the thread that writes it (PGlite).
    if (opened.sql) expect(woken).toBe(0);
    await until(() => woken > 0, 5_000);
    await new Promise((r) => setTimeout(r, 300));
    // PGlite's stores tell each other without a NOTIFY, so a store never hears its own append twice.
    if (opened.sql?.kind === 'pglite') expect(woken).toBe(1);
    unlisten();
  });

  it('should deliver only the subscribed types while its position moves past the others', async () => {
    const user = nextUser();
    const start = (await store.readAll(LOG_START, 100_000)).at(-1)!.position;
    const loggedIn = {
      id: randomUUID(),
      type: 'LoggedIn' as const,
      data: { userId: user, clientTime: '2025-01-01T08:00:00Z', receivedAt: '2025-01-01T08:00:00Z', sessionToken: 't', admin: false, method: 'password' as const },
    };
    await store.append(`usage-${user}`, [...events(user, 0, 3), loggedIn, ...events(user, 3, 3)]);
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({ after: start, types: ['LoggedIn'], async onBatch(batch) {
      seen.push(...batch);
    } });
    // The log is read up to the oldest transaction still open on the server (another test file's,
    // on a shared server), so the append may become readable a moment after it returned.
    let last: RecordedEvent['position'] | undefined;
    await expect.poll(async () => (last = (await store.readAll(start, 100)).at(-1)?.position), { timeout: 10_000 }).toBeDefined();
    await until(() => comparePositions(subscription.position, last!) === 0);
    await subscription.stop();
    expect(seen.map((e) => e.id)).toEqual([loggedIn.id]);
  });
});
