import { connectWarehouse } from '../../../infra/clickhouse/clickhouse.ts';
import { createPostgresEventStore } from '../../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../../infra/sql/pg-sql.ts';
import { loginLogProjector } from '../../../projections/warehouse/login-log.ts';
import { createProjectionRunner } from '../../../projections/engine/runner.ts';
import { lastActivityProjector } from '../../../projections/postgres/last-activity.ts';
import { countingProjector } from './counting-projector.ts';
import { loggedIn, playSampled } from './test-events.ts';

// The process the kill-and-restart test SIGKILLs: it runs the projection runner with a Postgres
// read model, a counting read model and a chDB table while (mode `chaos`) appending events as
// fast as it can. Mode `catch-up` appends nothing, waits until every projection has caught up,
// prints the status and exits cleanly.

const databaseUrl = process.env.KILL_TEST_DATABASE_URL!;
const dataDir = process.env.KILL_TEST_DATA_DIR!;
const mode = process.env.KILL_TEST_MODE ?? 'chaos';

const sql = createPgSql(databaseUrl);
const store = createPostgresEventStore(sql);
await store.setup();
const warehouse = await connectWarehouse({ dataDir });
const runner = createProjectionRunner({
  log: store,
  sql,
  warehouse,
  projectors: [countingProjector(), lastActivityProjector, loginLogProjector],
  // Small batches: many checkpoints, so a kill lands between apply and checkpoint often.
  batchSize: 25,
  pollIntervalMs: 100,
  retry: { initialMs: 50, maxMs: 500 },
  onError: (projector, error) => process.stderr.write(`${projector.name}: ${String(error)}\n`),
});
await runner.start();

if (mode === 'catch-up') {
  await runner.waitUntilCaughtUp(60_000);
  process.stdout.write(`${JSON.stringify(await runner.status())}\n`);
  await runner.stop();
  await warehouse.close();
  await store.close();
  await sql.close();
  process.exit(0);
}

process.stdout.write('ready\n');
const run = `kill-${process.pid}-${Date.now()}`;
let n = 0;
async function appendForever(): Promise<never> {
  for (;;) {
    const userId = 1 + (n % 20);
    const size = 1 + (n % 5);
    const events = Array.from({ length: size }, () => {
      const i = n++;
      return i % 3 === 0 ? loggedIn(userId, i, run, new Date(Date.UTC(2026, 0, 1) + i * 1000)) : playSampled(userId, i, run);
    });
    await store.append(`usage-${userId}`, events);
  }
}
await Promise.all([appendForever(), appendForever(), appendForever()]);
