import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app.ts';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { LOG_START } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { generateWorkload, yesterday } from '../../tools/generate/generate-workload.ts';
import { ensureGeneratedUnits } from '../../tools/generate/generated-units.ts';
import { demoPassword } from '../../tools/seed/demo-units.ts';
import { seedDemoData } from '../../tools/seed/seed-demo-data.ts';
import { connectSql } from '../../infra/sql/connect.ts';
import { createProjectionRunner } from '../../projections/engine/runner.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { createRebuilds } from '../../projections/warehouse/rebuild.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { DateTime } from 'luxon';
import { Session as InspectorSession } from 'node:inspector/promises';

// `npm run bench:warehouse -- [--units 200] [--days 3] [--http-units 4] [--http-days 3] [--queries 40] [--batch-size 50000]
//   [--data-dir DIR] [--cpu-profile FILE] [--database-url URL] [--max-minutes 20]`:
// the usage warehouse end to end on the embedded default (PGlite on disk, chDB) in a temp dir, or
// with the log on a Postgres server:
// 1. ingest through HTTP (app.inject of POST /api/usage-log and /api/evaluations as each unit),
// 2. bulk ingest of `units` x `days` through the direct command path (generate-workload.ts),
// 3. the log read alone, then its projection from position 0 into an empty chDB (a rebuild from the log),
// 4. p50/p95 of GET /api/usage/{userId}/{first}/{last} (30 days of one unit) and of
//    GET /api/usage over all units, right after the projection and once ClickHouse's merges are done,
// 5. a rebuild under new rules from version 1's raw tables (the default), then the queries again.
// Bounded: gives up after --max-minutes. Not a test.

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '200' },
    days: { type: 'string', default: '3' },
    'http-units': { type: 'string', default: '4' },
    'http-days': { type: 'string', default: '3' },
    queries: { type: 'string', default: '40' },
    'max-minutes': { type: 'string', default: '20' },
    // Keeps the PGlite log (or, with --database-url, the note that the server holds it) in this
    // directory; a second run with the same directory skips ingest and projects the same events
    // again from position 0 (into a fresh chDB), so runs compare like for like.
    'data-dir': { type: 'string' },
    // Writes V8 CPU profiles of the projection phase and (FILE.rebuild.cpuprofile) of the rebuild (chDB's own threads are not in them).
    'cpu-profile': { type: 'string' },
    'batch-size': { type: 'string', default: '50000' },
    // The log on a Postgres server instead of PGlite (the read then runs in another process).
    'database-url': { type: 'string' },
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

/** CPU seconds (user + system, every thread of this process: Node, PGlite and chDB) since `start`. */
const cpuSecondsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

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

/** Waits (at most 15 minutes) until ClickHouse runs no merge in two polls 5 s apart. */
async function settleMerges(warehouse: Warehouse): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline; ) {
    const [row] = await warehouse.query<{ n: number }>('SELECT count() AS n FROM system.merges');
    quiet = Number(row?.n) === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const inspector = new InspectorSession();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await inspector.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    inspector.disconnect();
  }
}

async function main(): Promise<void> {
  const keep = values['data-dir'];
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-warehouse-bench-'));
  fs.mkdirSync(dir, { recursive: true });
  // The warehouse is always built from nothing: the projection phase is a rebuild from position 0.
  fs.rmSync(path.join(dir, 'chdb'), { recursive: true, force: true });
  const sql = await connectSql({ databaseUrl: values['database-url'], dataDir: dir });
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
       SELECT (SELECT id FROM users WHERE name = 'admin'), id FROM users WHERE name = ANY($1::text[])
       ON CONFLICT DO NOTHING`,
      [names],
    );

    // HTTP on the most recent days, the bulk before them, so the two never write the same facts.
    const lastDay = yesterday(now);
    // Written once the ingest finished: a reused directory holds the whole generated log.
    const ingested = path.join(dir, 'ingested.json');
    let http: Awaited<ReturnType<typeof generateWorkload>> | null = null;
    let bulk: Awaited<ReturnType<typeof generateWorkload>> | null = null;
    if (fs.existsSync(ingested)) console.log(`Reusing the log in ${dir} (${fs.readFileSync(ingested, 'utf8')}): ingest skipped`);
    else {
      if (httpUnits > 0) {
        http = await generateWorkload({ app, unitNames: names.slice(0, httpUnits), days: httpDays, until: lastDay, seed: 1, via: 'http' });
        console.log(`HTTP ingest: ${http.events} events, ${http.posts} posts in ${http.seconds.toFixed(1)} s: ${http.eventsPerSecond} events/s, ${(http.posts / http.seconds).toFixed(0)} posts/s`);
      }
      const bulkUntil = DateTime.fromISO(lastDay).minus({ days: httpDays }).toISODate()!;
      bulk = await generateWorkload({ app, unitNames: names, days, until: bulkUntil, seed: 1, via: 'direct', batchPosts: 1000 });
      console.log(`Direct ingest: ${bulk.events} events, ${bulk.posts} posts in ${bulk.seconds.toFixed(1)} s: ${bulk.eventsPerSecond} events/s (load ${os.loadavg()[0]!.toFixed(2)})`);
      if (keep) fs.writeFileSync(ingested, JSON.stringify({ units, days, httpUnits, httpDays, events: bulk.events + (http?.events ?? 0) }));
    }
    const [total] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    // A reused log keeps the old checkpoints: start this version from nothing again.
    for (const table of ['projection_checkpoints', 'projection_versions']) await sql.query(`DELETE FROM ${table} WHERE name = 'usage-warehouse'`).catch(() => undefined);
    await sql.query('DELETE FROM warehouse_versions').catch(() => undefined);

    const log = store;
    const runner = createProjectionRunner({
      log, sql, warehouse, batchSize: Number(values['batch-size']), pollIntervalMs: 100,
      projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => Date.now() })],
    });
    // The log read alone, in the runner's page size: what any projection of this log pays first.
    const readStarted = performance.now();
    const readCpu = process.cpuUsage();
    let readEvents = 0;
    for (let position = LOG_START; ; ) {
      const page = await log.readAll(position, Number(values['batch-size']));
      if (page.length === 0) break;
      readEvents += page.length;
      position = page.at(-1)!.position;
    }
    const read = { events: readEvents, seconds: (performance.now() - readStarted) / 1000, cpuSeconds: cpuSecondsSince(readCpu) };
    console.log(`Log read alone: ${read.events} events in ${read.seconds.toFixed(1)} s (${read.cpuSeconds.toFixed(1)} CPU s): ${Math.round(read.events / read.seconds)} events/s (load ${os.loadavg()[0]!.toFixed(2)})`);

    const loadBefore = os.loadavg()[0]!;
    const projectionCpu = process.cpuUsage();
    const projectionStarted = performance.now();
    await profiled(values['cpu-profile'], async () => {
      await runner.start();
      try {
        await runner.waitUntilCaughtUp(Number(values['max-minutes']) * 60_000);
      } finally {
        await runner.stop();
      }
    });
    const projectionSeconds = (performance.now() - projectionStarted) / 1000;
    const projectionCpuSeconds = cpuSecondsSince(projectionCpu);
    const projectionLoad = { before: loadBefore, after: os.loadavg()[0]! };
    console.log(
      `Projection from position 0 (a rebuild): ${total!.n} events in ${projectionSeconds.toFixed(1)} s (${projectionCpuSeconds.toFixed(1)} CPU s of this process, chDB included): ` +
        `${Math.round(total!.n / projectionSeconds)} events/s (load ${loadBefore.toFixed(2)} -> ${projectionLoad.after.toFixed(2)})`,
    );

    const login = async (username: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: demoPassword } });
      const cookie = response.cookies.find((c) => c.name === 'sointu_session');
      if (!cookie) throw new Error(`login of ${username} failed: ${response.body}`);
      return `sointu_session=${cookie.value}`;
    };
    const unitCookie = await login(names[0]!);
    const adminCookie = await login('admin');
    const [unit] = await sql.query<{ id: number }>('SELECT id FROM users WHERE name = $1', [names[0]!]);
    const first = DateTime.fromISO(lastDay).minus({ days: 29 }).toISODate()!;
    const reportLatency = async (when: string) => {
      const monthly = await timed(queries, () => app.inject({ method: 'GET', url: `/api/usage/${unit!.id}/${first}/${lastDay}`, headers: { cookie: unitCookie } }));
      console.log(`${when}: GET /api/usage/{userId}/{first}/{last}: p50 ${monthly.p50.toFixed(1)} ms, p95 ${monthly.p95.toFixed(1)} ms (load ${os.loadavg()[0]!.toFixed(2)})`);
      const all = await timed(queries, () => app.inject({ method: 'GET', url: `/api/usage?firstDay=${first}&lastDay=${lastDay}`, headers: { cookie: adminCookie } }));
      console.log(`${when}: GET /api/usage (${units + 4} users): p50 ${all.p50.toFixed(1)} ms, p95 ${all.p95.toFixed(1)} ms (load ${os.loadavg()[0]!.toFixed(2)})`);
      return { monthly, all };
    };
    // Right after the projection ClickHouse still merges the parts it wrote (on the same two cores);
    // again once the merges are done, as a warehouse serves most of the time; again after the rebuild.
    const afterProjection = await reportLatency('Right after the projection');
    const settleStarted = performance.now();
    await settleMerges(warehouse);
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const settled = await reportLatency(`Merges settled (${settleSeconds.toFixed(0)} s later)`);

    // A rules change: the next version from version 1's raw tables (the default rebuild), to caught up.
    const rebuilds = createRebuilds({ sql, log: store, warehouse, pollIntervalMs: 100 });
    const rebuildCpu = process.cpuUsage();
    const rebuildStarted = performance.now();
    const status = await profiled(values['cpu-profile']?.replace(/(\.cpuprofile)?$/, '.rebuild.cpuprofile'), async () => {
      let current = await rebuilds.startRebuild({ rules: { ...defaultUsageRules, shortSessionSeconds: 60, maxPauseSeconds: 300 }, actor: { userId: 0 }, at: new Date(), from: 'raw' });
      while (!current.caughtUp) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        current = (await rebuilds.rebuildStatus())!;
      }
      return current;
    });
    const rebuild = { seconds: (performance.now() - rebuildStarted) / 1000, cpuSeconds: cpuSecondsSince(rebuildCpu), events: status.eventsTotal };
    await rebuilds.stop();
    console.log(
      `Rebuild under new rules from the raw tables: ${rebuild.events} events in ${rebuild.seconds.toFixed(1)} s (${rebuild.cpuSeconds.toFixed(1)} CPU s): ` +
        `${Math.round(rebuild.events / rebuild.seconds)} events/s (load ${os.loadavg()[0]!.toFixed(2)})`,
    );
    const afterRebuild = await reportLatency('After the rebuild (version 1 still serving)');

    const cpus = os.cpus();
    console.log(JSON.stringify({
      machine: { nproc: cpus.length, cpu: cpus[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), freeGiB: Math.round(os.freemem() / 2 ** 30), node: process.version },
      loadAverage: { mean: +(loads.reduce((a, b) => a + b, 0) / Math.max(loads.length, 1)).toFixed(2), max: Math.max(...loads, 0) },
      http, bulk, events: total!.n, read, projectionSeconds, projectionCpuSeconds, projectionLoad, afterProjection, settleSeconds, settled, rebuild, afterRebuild,
    }, null, 2));
  } finally {
    await app.close();
    await store.close();
    await warehouse.close();
    await sql.close();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
