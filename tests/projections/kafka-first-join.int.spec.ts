import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { connectKafka } from '../../infra/kafka/event-topic.ts';
import { startEventRelay } from '../../infra/kafka/event-relay.ts';
import { startKafkaProjectionConsumer } from '../../projections/engine/kafka-projection-consumer.ts';
import { kafkaMockAvailable, startKafkaMock, type KafkaMock } from '../support/kafka-mock.ts';
import { emptyPglite } from '../support/test-databases.ts';
import { countingProjector } from './support/counting-projector.ts';
import { playSampled } from './support/test-events.ts';

// A consumer whose very first join is refused must still join and project. Its own file and its
// own mock cluster: after the other Kafka tests the cluster's group state differs, and the refusal
// then lands on a later request than the first SyncGroup.

const TOPIC = 'sointu-events-first-join';
let mock: KafkaMock;

beforeAll(async () => {
  if (!kafkaMockAvailable()) throw new Error('librdkafka-dev is missing (apt-get install librdkafka-dev): .ci/run installs it');
  mock = await startKafkaMock(1);
  await mock.createTopic(TOPIC, 2);
});
afterAll(async () => {
  await mock?.stop();
});

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Kafka consumer, first join', () => {
  it('should join its group when the coordinator refuses its first SyncGroup, and finish the projection', async () => {
    const sql = await emptyPglite();
    const store = createPostgresEventStore(sql);
    await store.setup();
    const runId = `first-join-${Date.now()}`;
    for (let n = 0; n < 20; n++) await store.append(`usage-${1 + (n % 2)}`, [playSampled(1 + (n % 2), n, runId)]);
    const kafka = connectKafka(mock.brokers, 'sointu-test');
    const relay = await startEventRelay({ store, sql, kafka, topic: TOPIC });
    const errors: unknown[] = [];
    // The coordinator answers the member's very first SyncGroup (API key 14) with an error kafkajs
    // does not restart after (GROUP_AUTHORIZATION_FAILED, 30): the crash comes inside the first
    // run(), before it returns, so a crash listener registered after run() would never hear it.
    await mock.failRequests(14, 30, 1);
    const member = await startKafkaProjectionConsumer({
      kafka,
      sql,
      projector: countingProjector(),
      topic: TOPIC,
      consumerConfig: { sessionTimeout: 8000, rebalanceTimeout: 10_000, heartbeatInterval: 500, retry: { retries: 0 } },
      onError: (error) => errors.push(error),
    });
    try {
      await until(async () => Number((await sql.query<{ n: number }>('SELECT n FROM counted_total'))[0]?.n ?? 0) === 20, 'the member to join after the refusal and count every event');
      expect(errors.length).toBeGreaterThan(0);
      expect((await sql.query<{ id: string }>('SELECT event_id::text AS id FROM counted_events')).length).toBe(20);
    } finally {
      await member.stop();
      await relay.stop();
      await store.close();
      await sql.close();
    }
  }, 120_000);
});
