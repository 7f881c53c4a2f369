import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppendRequest, NewEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { createPgliteSql } from '../../infra/sql/pglite-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { playSampled } from '../infra/event-store-fixtures.ts';
import { createTestDatabase, startPostgresServer } from '../support/postgres-server.ts';

// `npm run bench:append`: append throughput of the event store on a throwaway Postgres server
// (default durability: fsync and synchronous_commit on), beside Emmett on the same server in the
// same run (BENCH_NO_EMMETT=1 leaves it out), and on PGlite on disk. Results go to
// docs/benchmarks.md by hand.

const USERS = 200;
const SINGLE_APPENDS = Number(process.env.BENCH_SINGLE ?? 2_000);
const BATCH_EVENTS = Number(process.env.BENCH_BATCH_EVENTS ?? 100_000);
const EVENTS_PER_STREAM = 10;

interface Row {
  engine: string;
  case: string;
  events: number;
  seconds: number;
  'events/s': number;
  /** 1-minute load average when the case started: other work on the machine lowers the figures. */
  load: number;
}

let counter = 0;
const nextEvent = (user: number) => playSampled(user, counter++, `bench-${process.pid}`);

async function measure(engine: string, name: string, events: number, work: () => Promise<void>): Promise<Row> {
  const load = Number(os.loadavg()[0]!.toFixed(2));
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  return { engine, case: name, events, seconds: Number(seconds.toFixed(2)), 'events/s': Math.round(events / seconds), load };
}

/** A bulk ingestion call: `size` events, 10 for each of `size / 10` users' streams, one lane's users apart from another's. */
const usageBatch = (size: number) => (lane: number): AppendRequest[] => {
  const streams = size / EVENTS_PER_STREAM;
  return Array.from({ length: streams }, (_, k) => {
    const user = lane * streams + k;
    return { stream: `usage-${user}`, events: Array.from({ length: EVENTS_PER_STREAM }, () => nextEvent(user)) };
  });
};

/** What a case needs from a store: ours, or the peer it is compared with. */
interface Appender {
  single(stream: string, events: NewEvent[]): Promise<unknown>;
  many(requests: AppendRequest[]): Promise<unknown>;
  count(): Promise<number>;
  close(): Promise<void>;
}

const ours = async (sql: Sql): Promise<Appender> => {
  const store = createPostgresEventStore(sql);
  await store.setup();
  return {
    single: (stream, events) => store.append(stream, events),
    many: (requests) => store.appendMany(requests),
    count: async () => ((await sql.query<{ total: number }>('SELECT count(*)::int AS total FROM events'))[0]?.total ?? 0),
    close: () => store.close(),
  };
};

// Emmett (emmett-postgresql), the simplest well-known Postgres event store for Node, on the same
// server in the same run. It lives in tests/bench/emmett/ with its own package.json, installed on
// first use: the product never depends on it (its peer range wants uuid 10; the product has 14).
async function emmett(url: string): Promise<Appender> {
  const dir = path.join(import.meta.dirname, 'emmett');
  if (!fs.existsSync(path.join(dir, 'node_modules'))) execFileSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  const { getPostgreSQLEventStore } = (await import(path.join(dir, 'node_modules/@event-driven-io/emmett-postgresql/dist/index.js'))) as {
    getPostgreSQLEventStore(url: string): {
      appendToStream(stream: string, events: { type: string; data: unknown }[]): Promise<unknown>;
      close(): Promise<void>;
    };
  };
  const store = getPostgreSQLEventStore(url);
  const plain = (events: readonly NewEvent[]) => events.map((e) => ({ type: e.type, data: e.data }));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    single: (stream, events) => store.appendToStream(stream, plain(events)),
    // Emmett appends to one stream per call: a bulk post is its streams' calls, all in flight.
    many: (requests) => Promise.all(requests.map((r) => store.appendToStream(r.stream, plain(r.events)))),
    count: async () => Number((await client.query<{ total: string }>('SELECT count(*) AS total FROM emt_messages')).rows[0]?.total ?? 0),
    close: async () => {
      await client.end();
      await store.close();
    },
  };
}

async function bench(engine: string, store: Appender, concurrency: number): Promise<Row[]> {
  // A warm-up append outside the clock: schema, pool and statements are ready when it starts.
  await store.single('warm-up', [nextEvent(0)]);
  // Events are made before the clock starts: the figures are the store's cost, not the fixtures'.
  const lanes = async <T>(count: number, writers: number, make: (lane: number) => T, task: (input: T) => Promise<unknown>) => {
    // Every call is made, even when `count` does not divide evenly among the writers.
    const share = (lane: number) => Math.floor(count / writers) + (lane < count % writers ? 1 : 0);
    const inputs = Array.from({ length: writers }, (_, lane) => Array.from({ length: share(lane) }, () => make(lane)));
    return () => Promise.all(inputs.map(async (lane) => {
      for (const input of lane) await task(input);
    })).then(() => undefined);
  };
  // Writers take users of their own (users equal to the lane modulo 8): Emmett answers two
  // concurrent first appends to one stream with a version conflict, so no case races for a stream.
  const oneEvent = (lane: number) => {
    const user = lane + 8 * Math.floor((Math.random() * USERS) / 8);
    return { stream: `usage-${user}`, events: [nextEvent(user)] };
  };
  // A writer's own user, so writers never race for one stream's version.
  const tenEvents = (lane: number) => {
    const user = USERS + lane;
    return { stream: `usage-${user}`, events: Array.from({ length: EVENTS_PER_STREAM }, () => nextEvent(user)) };
  };
  const single = (input: { stream: string; events: NewEvent[] }) => store.single(input.stream, input.events);
  const many = (requests: AppendRequest[]) => store.many(requests);

  const rows = [await measure(engine, 'single-event append, 1 writer', SINGLE_APPENDS, await lanes(SINGLE_APPENDS, 1, oneEvent, single))];
  if (concurrency > 1) {
    rows.push(await measure(engine, `single-event append, ${concurrency} writers`, SINGLE_APPENDS, await lanes(SINGLE_APPENDS, concurrency, oneEvent, single)));
    const calls = SINGLE_APPENDS / 2;
    rows.push(await measure(engine, '10 events to one stream per call, 4 writers', calls * EVENTS_PER_STREAM, await lanes(calls, 4, tenEvents, single)));
  }
  // Concurrent writers post for different users (as concurrent usage posts do), so they share no
  // stream row; they overlap one call's client work with another's server work and share commits.
  const batched: [size: number, writers: number][] = concurrency > 1 ? [[1000, 1], [1000, 4], [1000, 8], [5000, 4]] : [[1000, 1]];
  for (const [size, writers] of batched) {
    const name = `appendMany ${size} events / ${size / EVENTS_PER_STREAM} streams, ${writers} writer${writers > 1 ? 's' : ''}`;
    rows.push(await measure(engine, name, BATCH_EVENTS, await lanes(BATCH_EVENTS / size, writers, usageBatch(size), many)));
  }
  const total = await store.count();
  if (total !== counter) throw new Error(`${engine}: stored ${total} events, appended ${counter}`);
  await store.close();
  return rows;
}

async function main() {
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rows: Row[] = [];
  const server = await startPostgresServer({ durable: true });
  try {
    counter = 0;
    const sql = createPgSql(await createTestDatabase(server.url, 'bench'), { max: 10 });
    const [{ server_version: version }] = (await sql.query<{ server_version: string }>('SHOW server_version')) as [{ server_version: string }];
    console.log(`Postgres server ${version} (fsync on, synchronous_commit on)`);
    rows.push(...(await bench('Postgres server', await ours(sql), 8)));
    await sql.close();
    if (!process.env.BENCH_NO_EMMETT) {
      counter = 0;
      rows.push(...(await bench('Emmett, same server', await emmett(await createTestDatabase(server.url, 'bench_emmett')), 8)));
    }
  } finally {
    await server.stop();
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-bench-pglite-'));
  try {
    counter = 0;
    const sql = await createPgliteSql(dir);
    rows.push(...(await bench('PGlite (disk)', await ours(sql), 1)));
    await sql.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.table(rows);
  // The side-by-side figure: this store's events/s over Emmett's, case by case.
  const peer = new Map(rows.filter((r) => r.engine.startsWith('Emmett')).map((r) => [r.case, r['events/s']]));
  console.table(rows.filter((r) => r.engine === 'Postgres server' && peer.has(r.case)).map((r) => ({
    case: r.case, sointu: r['events/s'], emmett: peer.get(r.case)!, ratio: `${(r['events/s'] / peer.get(r.case)!).toFixed(2)}x`,
  })));
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

await main();
