import { createMailer } from '../infra/mail/mailer.ts';
import { fileURLToPath } from 'node:url';
import { startKafkaProjectionConsumer, type KafkaProjectionConsumer } from '../projections/engine/kafka-projection-consumer.ts';
import { createProjectionRunner } from '../projections/engine/runner.ts';
import { createProjectionLeases, type ProjectionLeases } from '../projections/engine/leases.ts';
import type { Projector } from '../projections/engine/projector.ts';
import { withReadModelVersions } from '../projections/postgres/rebuild.ts';
import { projectors, readModels } from '../projections/projectors.ts';
import { stopAllRebuildsOf } from '../projections/rebuilds.ts';
import { withUsageWarehouseVersions } from '../projections/warehouse/rebuild-versions.ts';
import { buildApp, logRedaction, type AppDeps } from './app.ts';
import { createServerAppTaskRunner } from './app-tasks/app-task-handlers.ts';
import { createFileStore } from '../infra/files/file-store.ts';
import { createS3FileStore } from '../infra/files/s3-file-store.ts';
import { claimDataDir } from '../infra/files/data-dir-lock.ts';
import { connectWarehouse } from '../infra/clickhouse/clickhouse.ts';
import { loadConfig } from '../infra/config.ts';
import { migrate } from '../infra/db/migrate.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import { createPostgresEventStore } from '../infra/event-store/postgres-event-store.ts';
import { connectKurrentDb, createKurrentDbEventStore } from '../infra/event-store/kurrentdb-event-store.ts';
import { generateDemoUsage } from '../tools/generate/demo-usage.ts';
import { seedDemoData } from '../tools/seed/seed-demo-data.ts';
import { connectSql } from '../infra/sql/connect.ts';
import { connectKafka } from '../infra/kafka/event-topic.ts';
import { startEventRelay, type EventRelay } from '../infra/kafka/event-relay.ts';
import { closeTopicOffsets } from '../infra/kafka/topic-offsets.ts';

// Start-up of the whole service in one process: reference tables, event store, warehouse,
// projections, demo data on first start, then HTTP. With no configuration everything is embedded
// under DATA_DIR (PGlite, chDB).

/** The Kafka relay's lease, beside the projections' in projection_leases. */
const RELAY_LEASE = { name: 'kafka-relay', version: 1 };

const webDir = fileURLToPath(new URL('../dist/web', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded storage takes one process; `npm run rebuild` claims it the same way.
  if (!config.databaseUrl || !config.clickhouseUrl) {
    const claim = claimDataDir(config.dataDir);
    if (!claim.ok) throw new Error(`${config.dataDir} is in use by process ${claim.holderPid} (another server or npm run rebuild)`);
  }
  const sql = await connectSql(config);
  await migrate(sql);
  // With EVENTSTORE_URL the log is KurrentDB's; read models, checkpoints, leases and the rest stay
  // in this database either way (docs/operations.md, "KurrentDB").
  const postgresLog = config.eventStoreUrl ? undefined : createPostgresEventStore(sql);
  await postgresLog?.setup();
  const store: EventStore = postgresLog ?? createKurrentDbEventStore(connectKurrentDb(config.eventStoreUrl!));
  const warehouse = await connectWarehouse(config);
  // Every live version of the usage warehouse, each under its own rules, and of each read model: a
  // rebuild survives a restart, and a switched-to version goes on being projected.
  const live = await withReadModelVersions(sql, await withUsageWarehouseVersions(sql, projectors), readModels);
  // With KAFKA_BROKERS the warehouse versions live at start-up are fed from Kafka (consumer groups
  // partitioned by user, which share the work between instances themselves); read models, and
  // rebuilds started later, still read the log.
  const kafka = config.kafkaBrokers ? connectKafka(config.kafkaBrokers, 'sointu') : undefined;
  const fromKafka: readonly Projector[] = kafka ? live.filter((p) => p.kind === 'warehouse') : [];
  // On a Postgres server several instances may share the database: each projection runs on the one
  // holding its lease (projections/engine/leases.ts). PGlite is one process, which holds them all.
  const leases = sql.kind === 'postgres' ? { ttlMs: config.projectionLeaseMs } : undefined;
  const projections = createProjectionRunner({ log: store, sql, warehouse, projectors: live.filter((p) => !fromKafka.includes(p)), leases });

  // Stored files: in the object store when one is configured (every instance reads what any one
  // stored), else under DATA_DIR.
  const objectStore = config.s3 ? createS3FileStore(config.s3, config.dataDir) : undefined;
  await objectStore?.ensureBucket();
  const files = objectStore ?? createFileStore(config.dataDir);
  const deps: AppDeps = { sql, store, warehouse, projections, projectionLeases: leases, kafka: kafka && { client: kafka, projections: fromKafka }, files, mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom }), config, now: () => new Date(), webDir };
  const app = await buildApp(
    deps,
    { logger: { level: config.logLevel, redact: logRedaction } },
  );
  app.log.info({ database: sql.kind, log: config.eventStoreUrl ? 'kurrentdb' : sql.kind, warehouse: warehouse.kind, dataDir: config.dataDir }, 'storage ready');

  const seed = await seedDemoData({ sql, dataDir: config.dataDir, files, log: (message) => app.log.info(message) });
  await projections.start();
  let relay: EventRelay | undefined;
  let relayLeases: ProjectionLeases | undefined;
  const consumers: KafkaProjectionConsumer[] = [];
  if (kafka) {
    // With several instances on one Postgres, one relays: the holder of the relay's lease, taken
    // over like a projection's when its instance dies. PGlite is one process, which relays alone.
    if (leases) {
      relayLeases = createProjectionLeases({ sql, ttlMs: leases.ttlMs });
      await relayLeases.start([RELAY_LEASE]);
    }
    const held = relayLeases;
    relay = await startEventRelay({
      store,
      sql,
      kafka,
      lease: held && { holds: () => held.holds(RELAY_LEASE), fence: (tx) => held.fence(tx, RELAY_LEASE) },
      onError: (error) => app.log.warn({ err: error }, 'Kafka relay batch failed; trying again'),
    });
    for (const projector of fromKafka) {
      consumers.push(
        await startKafkaProjectionConsumer({
          kafka,
          sql,
          warehouse,
          projector,
          onError: (error) => app.log.warn({ err: error, projection: `${projector.name}@v${projector.version}` }, 'Kafka consumer crashed; rejoining its group'),
        }),
      );
    }
    app.log.info({ brokers: config.kafkaBrokers, projections: fromKafka.map((p) => `${p.name}@v${p.version}`) }, 'Kafka transport started');
  }
  // Background tasks (issue 18 item 4): pg-boss on this database, shared by every instance on it.
  deps.tasks = createServerAppTaskRunner(app);
  await deps.tasks.start();

  const demoUsageStop = new AbortController();
  let demoUsage: Promise<void> = Promise.resolve();
  // app.close() stops taking requests first, then this hook stops the writers' consumers.
  app.addHook('onClose', async () => {
    demoUsageStop.abort();
    await demoUsage;
    await deps.tasks?.stop();
    await projections.stop();
    for (const consumer of consumers) await consumer.stop();
    await relay?.stop();
    await relayLeases?.stop();
    if (kafka) await closeTopicOffsets(kafka);
    await stopAllRebuildsOf(deps);
  });
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) =>
    (closing ??= (async () => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      // The connections close only after every hook of app.close(), the plugins' too: the live
      // channel's UNLISTEN runs in one, and a Postgres pool's end() waits for its listening client.
      await store.close();
      await warehouse.close();
      await sql.close();
      objectStore?.close();
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
  const url = config.publicUrl ?? `http://localhost:${port}`;
  // Links in mails: PUBLIC_URL, or on the embedded default (one process, on this machine) the
  // address printed here. A deployment on a database server without PUBLIC_URL mails none.
  if (!config.publicUrl && !config.databaseUrl) deps.mailLinkUrl = url;
  if (!config.publicUrl && config.databaseUrl) app.log.warn('PUBLIC_URL is not set: invitations, login links and password resets will not be mailed until it is (docs/operations.md, "Mail")');
  console.log(`Sointu is running at ${url}`);
  // After the URL: the demo units' days of usage (90 by default) take longer than the rest of the first start.
  if (seed.seeded && config.demoUsageDays > 0) {
    demoUsage = generateDemoUsage(app, { days: config.demoUsageDays, signal: demoUsageStop.signal }).then(
      (result) => app.log.info(`Generated demo usage: ${result.events} events in ${result.seconds.toFixed(1)} s; projections catch up (GET /api/admin/projections)`),
      (error: unknown) => app.log.error({ err: error }, 'demo usage generation failed'),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});

