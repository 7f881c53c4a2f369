import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../infra/app.ts';
import { connectWarehouse } from '../../infra/clickhouse/clickhouse.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { generateWorkload, yesterday } from '../../infra/generate/generate-workload.ts';
import { ensureGeneratedUnits } from '../../infra/generate/generated-units.ts';
import { demoPassword } from '../../infra/seed/demo-units.ts';
import { seedDemoData } from '../../infra/seed/seed-demo-data.ts';
import { createPgliteSql } from '../../infra/sql/pglite-sql.ts';
import { createProjectionRunner } from '../../projections/engine/runner.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { DateTime } from 'luxon';

// `npm run bench:warehouse -- [--units 200] [--days 3] [--http-units 4] [--http-days 3] [--queries 40]`:
// the usage warehouse end to end on the embedded default (PGlite on disk, chDB) in a temp dir:
// 1. ingest through HTTP (app.inject of POST /api/usage-log and /api/evaluations as each unit),
// 2. bulk ingest of `units` x `days` through the direct command path (generate-workload.ts),
// 3. projection of the whole log into chDB by the usage-warehouse projector,
// 4. p50/p95 of GET /api/usage/{userId}/{first}/{last} (30 days of one unit) and of
//    GET /api/usage over all units. Bounded: gives up after --max-minutes. Not a test.

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '200' },
    days: { type: 'string', default: '3' },
    'http-units': { type: 'string', default: '4' },
    'http-days': { type: 'string', default: '3' },
    queries: { type: 'string', default: '40' },
    'max-minutes': { type: 'string', default: '20' },
  },
});
const units = Number(values.units);
const days = Number(values.days);
const httpUnits = Math.min(units, Number(values['http-units']));
const httpDays = Number(values['http-days']);
const queries = Number(values.queries);
setTimeout(() => {
  console.error(`Gave up after ${values['max-minutes']} minutes`);
  process.exit(2);
}, Number(values['max-minutes']) * 60_000).unref();

const loads: number[] = [];
const sampler = setInterval(() => loads.push(os.loadavg()[0]!), 5000);
sampler.unref();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timed(count: number, request: () => Promise<{ statusCode: number; body: string }>): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await request();
    ms.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-warehouse-bench-'));
  const sql = await createPgliteSql(path.join(dir, 'pglite'));
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  await store.setup();
  const warehouse = await connectWarehouse({ dataDir: dir });
  const now = new Date();
  const app = await buildApp({
    sql, store, warehouse, now: () => new Date(),
    config: { cookieSecret: 'bench-cookie-secret-of-enough-length', jwtSecret: 'bench-jwt-secret-of-enough-length!', contactEmail: 'bench@sointu.test' },
  });
  try {
    await seedDemoData({ sql, dataDir: dir });
    const names = await ensureGeneratedUnits(sql, units);
    await sql.query(
      `INSERT INTO user_admins (admin_user_id, user_id)
       SELECT (SELECT id FROM users WHERE name = 'admin'), id FROM users WHERE name = ANY($1::text[])`,
      [names],
    );

    // HTTP on the most recent days, the bulk before them, so the two never write the same facts.
    const lastDay = yesterday(now);
    const http = await generateWorkload({ app, unitNames: names.slice(0, httpUnits), days: httpDays, until: lastDay, seed: 1, via: 'http' });
    console.log(`HTTP ingest: ${http.events} events, ${http.posts} posts in ${http.seconds.toFixed(1)} s: ${http.eventsPerSecond} events/s, ${(http.posts / http.seconds).toFixed(0)} posts/s`);
    const bulkUntil = DateTime.fromISO(lastDay).minus({ days: httpDays }).toISODate()!;
    const bulk = await generateWorkload({ app, unitNames: names, days, until: bulkUntil, seed: 1, via: 'direct', batchPosts: 1000 });
    console.log(`Direct ingest: ${bulk.events} events, ${bulk.posts} posts in ${bulk.seconds.toFixed(1)} s: ${bulk.eventsPerSecond} events/s`);
    const [total] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM events');

    const runner = createProjectionRunner({
      log: store, sql, warehouse, batchSize: 5000, pollIntervalMs: 100,
      projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => Date.now() })],
    });
    const projectionStarted = performance.now();
    await runner.start();
    try {
      await runner.waitUntilCaughtUp(Number(values['max-minutes']) * 60_000);
    } finally {
      await runner.stop();
    }
    const projectionSeconds = (performance.now() - projectionStarted) / 1000;
    console.log(`Projection: ${total!.n} events in ${projectionSeconds.toFixed(1)} s: ${Math.round(total!.n / projectionSeconds)} events/s`);

    const login = async (username: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: demoPassword } });
      const cookie = response.cookies.find((c) => c.name === 'sointu_session');
      if (!cookie) throw new Error(`login of ${username} failed: ${response.body}`);
      return `sointu_session=${cookie.value}`;
    };
    const unitCookie = await login(names[0]!);
    const [unit] = await sql.query<{ id: number }>('SELECT id FROM users WHERE name = $1', [names[0]!]);
    const first = DateTime.fromISO(lastDay).minus({ days: 29 }).toISODate()!;
    const monthly = await timed(queries, () => app.inject({ method: 'GET', url: `/api/usage/${unit!.id}/${first}/${lastDay}`, headers: { cookie: unitCookie } }));
    console.log(`GET /api/usage/{userId}/{first}/{last}: p50 ${monthly.p50.toFixed(1)} ms, p95 ${monthly.p95.toFixed(1)} ms`);
    const adminCookie = await login('admin');
    const all = await timed(queries, () => app.inject({ method: 'GET', url: `/api/usage?firstDay=${first}&lastDay=${lastDay}`, headers: { cookie: adminCookie } }));
    console.log(`GET /api/usage (${units + 4} users): p50 ${all.p50.toFixed(1)} ms, p95 ${all.p95.toFixed(1)} ms`);

    const cpus = os.cpus();
    console.log(JSON.stringify({
      machine: { nproc: cpus.length, cpu: cpus[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), freeGiB: Math.round(os.freemem() / 2 ** 30), node: process.version },
      loadAverage: { mean: +(loads.reduce((a, b) => a + b, 0) / Math.max(loads.length, 1)).toFixed(2), max: Math.max(...loads, 0) },
      http, bulk, events: total!.n, projectionSeconds, monthly, all,
    }, null, 2));
  } finally {
    await app.close();
    await store.close();
    await warehouse.close();
    await sql.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
