import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { connectKafka, EVENTS_TOPIC, partitionKey } from '../../infra/kafka/event-topic.ts';
import { startEventRelay } from '../../infra/kafka/event-relay.ts';
import { emptyPglite } from '../support/test-databases.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { startKafkaProjectionConsumer, type KafkaProjectionConsumer } from '../../projections/engine/kafka-projection-consumer.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { kafkaMockAvailable, startKafkaMock, type KafkaMock } from '../support/kafka-mock.ts';
import { byStream, dumpDerived, run, seedReference, started, stopped } from './usage-warehouse-support.ts';
import { countingProjector } from './support/counting-projector.ts';
import { loggedIn, playSampled } from './support/test-events.ts';

// The Kafka transport on a real wire peer (librdkafka's mock cluster): the relay publishes the log,
// a group of two warehouse consumers projects it, one of them dies mid-run, the other takes its
// partitions over, and the warehouse equals the one the log runner builds from the log directly.

const REJOIN_TOPIC = 'sointu-events-rejoin';
const clock = () => Date.parse('2026-11-22T00:00:00Z');
const users = Array.from({ length: 12 }, (_, i) => ({ id: 11 + i }));
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-kafka-'));
let warehouse: Warehouse;
let mock: KafkaMock;

beforeAll(async () => {
  if (!kafkaMockAvailable()) throw new Error('librdkafka-dev is missing (apt-get install librdkafka-dev): .ci/run installs it');
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  mock = await startKafkaMock(3);
  await mock.createTopic(EVENTS_TOPIC, 6);
  await mock.createTopic(REJOIN_TOPIC, 2);
});
afterAll(async () => {
  await mock?.stop();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

/** A few days of visits per user: runs of plays, some explicit sessions, pauses around 15 minutes. */
function usageEvents() {
  const events: Parameters<typeof byStream>[0][number][] = [];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  for (const { id: userId } of users) {
    let at = Date.parse('2026-03-02T06:00:00Z');
    for (let visit = 0; visit < 8; visit++) {
      at += Math.floor(random() * 6 * 3_600_000);
      const sessionId = `5e1c7a20-0000-4000-8000-${String(userId).padStart(4, '0')}${String(visit).padStart(8, '0')}`;
      const explicit = random() < 0.4;
      if (explicit) events.push(started(userId, new Date(at).toISOString(), sessionId, [200 + visit]));
      for (let play = 1 + Math.floor(random() * 4); play > 0; play--) {
        const count = 1 + Math.floor(random() * 10);
        events.push(...run(userId, new Date(at).toISOString(), count, 1 + Math.floor(random() * 2), 15 + Math.floor(random() * 15)));
        at += count * 30_000 + Math.floor(random() * 20 * 60_000);
      }
      if (explicit) events.push(stopped(userId, new Date(at).toISOString(), sessionId));
    }
  }
  return events;
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 90_000, pollMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

describe('Kafka transport', () => {
  it('should key a user\'s streams together and other streams by themselves', () => {
    expect(partitionKey('usage-42')).toBe('user-42');
    expect(partitionKey('evaluations-42')).toBe('user-42');
    expect(partitionKey('message-42')).toBe('message-42');
    expect(partitionKey('usage-rules')).toBe('usage-rules');
  });

  it('should build through a consumer group the warehouse the log builds, when a member dies mid-run', async () => {
    const sql = await emptyPglite();
    await migrate(sql);
    const store = createPostgresEventStore(sql);
    await store.setup();
    await seedReference(sql, users);
    const events = usageEvents();
    // Appended in small posts, so the relay publishes many batches and partitions interleave.
    const requests = byStream(events);
    for (let i = 0; i < requests.length; i++) await store.appendMany([{ ...requests[i]!, events: requests[i]!.events.slice(0, 40) }, ...(requests[i]!.events.length > 40 ? [{ ...requests[i]!, events: requests[i]!.events.slice(40) }] : [])]);

    // The reference: the log runner, straight from the log.
    await projectAll({ log: store, sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 51, rules: defaultUsageRules, clock })] });

    const kafka = connectKafka(mock.brokers, 'sointu-test');
    const relay = await startEventRelay({ store, sql, kafka, batchSize: 97 });
    const consumers: KafkaProjectionConsumer[] = [];
    try {
      const [{ total }] = (await sql.query<{ total: number }>('SELECT count(*)::int AS total FROM events')) as [{ total: number }];
      const last = (await store.readAll({ tx: 0, seq: 0 }, 100_000)).at(-1)!.position;
      await until(async () => relay.position.tx === last.tx && relay.position.seq === last.seq, 'the relay to publish the log');
      expect(total).toBe(events.length);

      // A group of two: A joins and applies a batch while B joins, then A dies in the middle of
      // its next batch: applied, its progress not stored, as a kill -9 between the two would leave
      // it (no retry, no restart). B takes A's partitions over at the rebalance and replays that batch.
      let batchesOfA = 0;
      const member = (afterApply?: () => Promise<void>, consumerConfig = {}) =>
        startKafkaProjectionConsumer({
          kafka,
          sql,
          warehouse,
          projector: createUsageWarehouseProjector({ version: 52, rules: defaultUsageRules, clock }),
          consumerConfig: { sessionTimeout: 8000, rebalanceTimeout: 10_000, heartbeatInterval: 500, ...consumerConfig },
          afterApply,
        });
      let startB: () => void = () => undefined;
      const bMayStart = new Promise<void>((resolve) => (startB = resolve));
      const a = await member(
        async () => {
          if (++batchesOfA > 1) throw new Error('member A dies mid-batch');
          startB();
          await new Promise((r) => setTimeout(r, 1000));
        },
        { retry: { retries: 0, restartOnFailure: async () => false } },
      );
      consumers.push(a);
      let aCrashed = false;
      a.consumer.on(a.consumer.events.CRASH, () => (aCrashed = true));
      // The mock cluster's coordinator needs one member to have joined before the next: it answers
      // a SyncGroup racing a JoinGroup with an error kafkajs does not retry (the member rejoins
      // after it, see the next test, but a second later).
      await bMayStart;
      consumers.push(await member());
      await until(async () => aCrashed, 'member A to die mid-batch');
      expect(batchesOfA).toBeGreaterThan(1);

      const t51 = warehouseTables(51);
      const t52 = warehouseTables(52);
      const reference = await dumpDerived(warehouse, t51);
      expect(reference[t51.sessions]!.length).toBeGreaterThan(30);
      await until(async () => JSON.stringify(Object.values(await dumpDerived(warehouse, t52))) === JSON.stringify(Object.values(reference)), 'the Kafka-fed warehouse to equal the log-fed one', 240_000, 1000);
      // Every partition's progress is stored, up to the last event of the log it carries.
      const progress = await sql.query<{ partition: number }>(`SELECT partition FROM kafka_projection_offsets WHERE projection = 'usage-warehouse@v52'`);
      expect(progress.length).toBeGreaterThan(1);
    } finally {
      for (const consumer of consumers) await consumer.stop().catch(() => undefined);
      await relay.stop();
      await store.close();
      await sql.close();
    }
    // The surviving member re-projects every partition from its stored offsets: beside the browser
    // tests of a full run, on two cores, that takes up to a minute, so its wait is long and its
    // dumps of every derived table (FINAL) come once a second, beside the consumer's own queries.
    // (A's `restartOnFailure` belongs in `retry`: outside it, A restarted after each death, took
    // B's partitions away at each rejoin, and the equality came late or never.)
  }, 300_000);

  it('should rejoin its group after a crash kafkajs does not restart, and finish the projection', async () => {
    const sql = await emptyPglite();
    const store = createPostgresEventStore(sql);
    await store.setup();
    const runId = `rejoin-${Date.now()}`;
    for (let n = 0; n < 30; n++) await store.append(`usage-${1 + (n % 3)}`, [n % 2 ? loggedIn(1 + (n % 3), n, runId) : playSampled(1 + (n % 3), n, runId)]);
    const kafka = connectKafka(mock.brokers, 'sointu-test');
    const relay = await startEventRelay({ store, sql, kafka, topic: REJOIN_TOPIC });
    let crashes = 0;
    const errors: unknown[] = [];
    // A lone member whose first batch fails with an error marked not retriable (as a protocol error
    // is): kafkajs stops the member for good, and without the rejoin nothing would project the topic.
    const member = await startKafkaProjectionConsumer({
      kafka,
      sql,
      projector: countingProjector(),
      topic: REJOIN_TOPIC,
      consumerConfig: { sessionTimeout: 8000, rebalanceTimeout: 10_000, heartbeatInterval: 500, retry: { retries: 0 } },
      afterApply: () => {
        if (crashes++ === 0) throw Object.assign(new Error('not retriable'), { retriable: false });
      },
      onError: (error) => errors.push(error),
    });
    let gaveUp = false;
    member.consumer.on(member.consumer.events.CRASH, ({ payload }) => (gaveUp ||= !payload.restart));
    try {
      await until(async () => Number((await sql.query<{ n: number }>('SELECT n FROM counted_total'))[0]?.n ?? 0) === 30, 'the member to rejoin and count every event');
      expect(gaveUp).toBe(true);
      expect(errors.length).toBeGreaterThan(0);
      expect((await sql.query<{ id: string }>('SELECT event_id::text AS id FROM counted_events')).length).toBe(30);
    } finally {
      await member.stop();
      await relay.stop();
      await store.close();
      await sql.close();
    }
  }, 120_000);
});
