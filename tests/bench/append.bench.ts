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
const BATCHES = Number(process.env.BENCH_BATCHES ?? 100);
const BATCH = 1_000;

interface Row {
  engine: string;
  case: string;
  events: number;
  seconds: number;
  'events/s': number;
}

let counter = 0;
const nextEvent = (user: number) => playSampled(user, counter++, `bench-${process.pid}`);

async function measure(engine: string, name: string, events: number, work: () => Promise<void>): Promise<Row> {
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  return { engine, case: name, events, seconds: Number(seconds.toFixed(2)), 'events/s': Math.round(events / seconds) };
}

/** One usage post per call as the usage-log endpoint would make it: 1000 events over 100 users' streams. */
function usageBatch(lane: number): AppendRequest[] {
  const first = lane * 100;
  return Array.from({ length: 100 }, (_, k) => {
    const user = first + k;
    return { stream: `usage-${user}`, events: Array.from({ length: BATCH / 100 }, () => nextEvent(user)) };
  });
}

async function bench(engine: string, sql: Sql, concurrency: number): Promise<Row[]> {
  const store = createPostgresEventStore(sql);
  await store.setup();
  // Events are made before the clock starts: the figures are the store's cost, not the fixtures'.
  const lanes = async <T>(count: number, writers: number, make: (lane: number) => T, task: (input: T) => Promise<unknown>) => {
    const inputs = Array.from({ length: writers }, (_, lane) => Array.from({ length: count / writers }, () => make(lane)));
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
  rows.push(await measure(engine, 'appendMany 1000 events / 100 streams, 1 writer', BATCHES * BATCH, await lanes(BATCHES, 1, usageBatch, many)));
  // Concurrent writers post for different users (as concurrent usage posts do), so they share no stream row.
  for (const writers of concurrency > 1 ? [2, 4] : []) {
    rows.push(await measure(engine, `appendMany 1000 events / 100 streams, ${writers} writers`, BATCHES * BATCH, await lanes(BATCHES, writers, usageBatch, many)));
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
