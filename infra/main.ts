import { fileURLToPath } from 'node:url';
import { createProjectionRunner } from '../projections/engine/runner.ts';
import { projectors } from '../projections/projectors.ts';
import { buildApp, logRedaction } from './app.ts';
import { connectWarehouse } from './clickhouse/clickhouse.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { createPostgresEventStore } from './event-store/postgres-event-store.ts';
import { seedDemoData } from './seed/seed-demo-data.ts';
import { connectSql } from './sql/connect.ts';

// Start-up of the whole service in one process: reference tables, event store, warehouse,
// projections, demo data on first start, then HTTP. With no configuration everything is embedded
// under DATA_DIR (PGlite, chDB).

const webDir = fileURLToPath(new URL('../dist/web', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const sql = await connectSql(config);
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  await store.setup();
  const warehouse = await connectWarehouse(config);
  const projections = createProjectionRunner({ log: store, sql, warehouse, projectors });

  const app = await buildApp(
    { sql, store, warehouse, projections, config, now: () => new Date(), webDir },
    { logger: { level: config.logLevel, redact: logRedaction } },
  );
  if (config.eventStoreUrl) app.log.warn('EVENTSTORE_URL is set, but the EventStoreDB adapter is not built yet: using the Postgres event store');
  if (config.kafkaBrokers) app.log.warn('KAFKA_BROKERS is set, but the Kafka transport is not built yet: projections read the event store directly');
  app.log.info({ database: sql.kind, warehouse: warehouse.kind, dataDir: config.dataDir }, 'storage ready');

  await seedDemoData({ sql, dataDir: config.dataDir, log: (message) => app.log.info(message) });
  await projections.start();

  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) =>
    (closing ??= (async () => {
      app.log.info({ signal }, 'shutting down');
      // Stop taking requests first, then the writers' consumers, then the connections they use.
      await app.close();
      await projections.stop();
      await store.close();
      await warehouse.close();
      await sql.close();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      },
    ));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Sointu is running at ${config.publicUrl ?? `http://localhost:${port}`}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});

