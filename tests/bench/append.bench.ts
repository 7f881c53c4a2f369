import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppendRequest } from '../../infra/event-store/event-store.ts';
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

/** One usage batch as the usage-log endpoint would post it: 1000 events over 100 users' streams. */
function usageBatch(): AppendRequest[] {
  const first = Math.floor(Math.random() * (USERS - 100));
  return Array.from({ length: 100 }, (_, k) => {
    const user = first + k;
    return { stream: `usage-${user}`, events: Array.from({ length: BATCH / 100 }, () => nextEvent(user)) };
  });
}

async function bench(engine: string, sql: Sql, concurrency: number): Promise<Row[]> {
  const store = createPostgresEventStore(sql);
  await store.setup();
  const inParallel = async (total: number, lanes: number, task: () => Promise<unknown>) =>
    void (await Promise.all(Array.from({ length: lanes }, async () => {
      for (let i = 0; i < total / lanes; i++) await task();
    })));
  const single = () => {
    const user = Math.floor(Math.random() * USERS);
    return store.append(`usage-${user}`, [nextEvent(user)]);
  };
  const rows = [await measure(engine, 'single-event append, 1 writer', SINGLE_APPENDS, () => inParallel(SINGLE_APPENDS, 1, single))];
  if (concurrency > 1) rows.push(await measure(engine, `single-event append, ${concurrency} writers`, SINGLE_APPENDS, () => inParallel(SINGLE_APPENDS, concurrency, single)));
  rows.push(await measure(engine, `appendMany 1000 events / 100 streams, 1 writer`, BATCHES * BATCH, () => inParallel(BATCHES, 1, () => store.appendMany(usageBatch()))));
  if (concurrency > 1) {
    rows.push(await measure(engine, `appendMany 1000 events / 100 streams, 2 writers`, BATCHES * BATCH, () => inParallel(BATCHES, 2, () => store.appendMany(usageBatch()))));
  }
  const [{ total }] = await sql.query<{ total: number }>('SELECT count(*)::int AS total FROM events');
  if (total !== counter) throw new Error(`stored ${total} events, appended ${counter}`);
  await store.close();
  return rows;
}

async function main() {
  const rows: Row[] = [];
  const server = await startPostgresServer({ durable: true });
  try {
    counter = 0;
    const sql = createPgSql(await createTestDatabase(server.url, 'bench'), { max: 10 });
    const [{ version }] = await sql.query<{ version: string }>('SHOW server_version');
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
}

await main();
