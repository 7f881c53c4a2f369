import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppendRequest, NewEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { createPgliteSql } from '../../infra/sql/pglite-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { playSampled } from '../infra/event-store-fixtures.ts';
import { createTestDatabase, startPostgresServer } from '../support/postgres-server.ts';

// `npm run bench:append`: append throughput of the event store on a throwaway Postgres server
// (default durability: fsync and synchronous_commit on) and on PGlite on disk. Results go to
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

async function bench(engine: string, sql: Sql, concurrency: number): Promise<Row[]> {
  const store = createPostgresEventStore(sql);
  await store.setup();
  // Events are made before the clock starts: the figures are the store's cost, not the fixtures'.
  const lanes = async <T>(count: number, writers: number, make: (lane: number) => T, task: (input: T) => Promise<unknown>) => {
    // Every call is made, even when `count` does not divide evenly among the writers.
    const share = (lane: number) => Math.floor(count / writers) + (lane < count % writers ? 1 : 0);
    const inputs = Array.from({ length: writers }, (_, lane) => Array.from({ length: share(lane) }, () => make(lane)));
    return () => Promise.all(inputs.map(async (lane) => {
      for (const input of lane) await task(input);
    })).then(() => undefined);
  };
  const oneEvent = () => {
    const user = Math.floor(Math.random() * USERS);
    return { stream: `usage-${user}`, event: nextEvent(user) };
  };
  const single = (input: { stream: string; event: NewEvent }) => store.append(input.stream, [input.event]);
  const many = (requests: AppendRequest[]) => store.appendMany(requests);

  const rows = [await measure(engine, 'single-event append, 1 writer', SINGLE_APPENDS, await lanes(SINGLE_APPENDS, 1, oneEvent, single))];
  if (concurrency > 1) rows.push(await measure(engine, `single-event append, ${concurrency} writers`, SINGLE_APPENDS, await lanes(SINGLE_APPENDS, concurrency, oneEvent, single)));
  // Concurrent writers post for different users (as concurrent usage posts do), so they share no
  // stream row; they overlap one call's client work with another's server work and share commits.
  const batched: [size: number, writers: number][] = concurrency > 1 ? [[1000, 1], [1000, 4], [1000, 8], [5000, 4]] : [[1000, 1]];
  for (const [size, writers] of batched) {
    const name = `appendMany ${size} events / ${size / EVENTS_PER_STREAM} streams, ${writers} writer${writers > 1 ? 's' : ''}`;
    rows.push(await measure(engine, name, BATCH_EVENTS, await lanes(BATCH_EVENTS / size, writers, usageBatch(size), many)));
  }
  const [{ total }] = (await sql.query<{ total: number }>('SELECT count(*)::int AS total FROM events')) as [{ total: number }];
  if (total !== counter) throw new Error(`stored ${total} events, appended ${counter}`);
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
    rows.push(...(await bench('Postgres server', sql, 8)));
    await sql.close();
  } finally {
    await server.stop();
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-bench-pglite-'));
  try {
    counter = 0;
    const sql = await createPgliteSql(dir);
    rows.push(...(await bench('PGlite (disk)', sql, 1)));
    await sql.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.table(rows);
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

await main();
