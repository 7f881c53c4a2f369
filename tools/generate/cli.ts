import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../infra/config.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { seedDemoData } from '../seed/seed-demo-data.ts';
import { connectSql } from '../../infra/sql/connect.ts';
import { generateWorkload } from './generate-workload.ts';
import { ensureGeneratedUnits } from './generated-units.ts';

// `npm run generate -- --units N --days D [--seed S] [--until YYYY-MM-DD] [--via http|direct]`:
// a generated workload of N care units over D days into the configured store (DATA_DIR by
// default). `--via direct` (default) appends through the command functions in batches, ~30x faster
// than `--via http`, which posts every request through app.inject (docs/benchmarks.md).
// Only the log is written; the server's projections pick it up when it runs.

const usage = 'npm run generate -- --units N --days D [--seed S] [--until YYYY-MM-DD] [--via http|direct]';

async function serverAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/ping`, { signal: AbortSignal.timeout(500) });
    return response.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { units: { type: 'string', default: '1' }, days: { type: 'string', default: '7' }, seed: { type: 'string', default: '1' }, until: { type: 'string' }, via: { type: 'string', default: 'direct' } },
  });
  const units = Number(values.units);
  const days = Number(values.days);
  const seed = Number(values.seed);
  const via = values.via;
  if (!Number.isInteger(units) || units < 1 || !Number.isInteger(days) || days < 1 || days > 400 || !Number.isInteger(seed) || (via !== 'http' && via !== 'direct')) {
    throw new Error(`Usage: ${usage} (days at most 400: older usage is refused as a broken clock)`);
  }
  const config = loadConfig();
  if (!config.databaseUrl && (await serverAnswers(config.port))) {
    throw new Error(`Sointu is running on port ${config.port} with the embedded database in ${config.dataDir}. PGlite and chDB can be opened by one process only: stop the server first, then generate, then start it again.`);
  }
  let sql;
  try {
    sql = await connectSql(config);
  } catch (error) {
    throw new Error(`Cannot open the database in ${config.dataDir} (is the server running? the embedded database can be opened by one process only): ${error instanceof Error ? error.message : String(error)}`);
  }
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  await store.setup();
  const app = await buildApp({ sql, store, config, now: () => new Date() });
  try {
    await seedDemoData({ sql, dataDir: config.dataDir, log: console.log });
    const unitNames = await ensureGeneratedUnits(sql, units);
    console.log(`Generating ${days} days of ${units} units (seed ${seed}, via ${via}) into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}…`);
    const result = await generateWorkload({ app, unitNames, days, until: values.until, seed, via });
    console.log(`${result.events} events from ${result.posts} posts in ${result.seconds.toFixed(1)} s: ${result.eventsPerSecond} events/s`);
    console.log('The projections catch up when the server starts (GET /api/admin/projections shows their lag).');
  } finally {
    await app.close();
    await store.close();
    await sql.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
