import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate.ts';
import { comparePositions, type RecordedEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { startEventRelay, type EventRelay } from '../../infra/kafka/event-relay.ts';
import { connectKafka, fromMessage } from '../../infra/kafka/event-topic.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { createProjectionLeases, type ProjectionLeases } from '../../projections/engine/leases.ts';
import { playSampled } from '../infra/event-store-fixtures.ts';
import { kafkaMockAvailable, startKafkaMock, type KafkaMock } from '../support/kafka-mock.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

// With several app instances one Kafka relay runs: the holder of the relay's lease (as
// server/main.ts sets it up). Two instances, each with its own connection, lease and relay: one
// relays, the other waits; the holder dies (its database connection is cut: no renewal, no batch),
// the other takes over when the lease runs out, and the topic carries every event exactly once,
// each stream in order.

const TOPIC = 'relay-lease-test';
const RELAY_LEASE = { name: 'kafka-relay', version: 1 };
const ttlMs = 1500;

let mock: KafkaMock;
let url: string;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  if (!kafkaMockAvailable()) throw new Error('librdkafka-dev is missing (apt-get install librdkafka-dev): .ci/run installs it');
  mock = await startKafkaMock(1);
  await mock.createTopic(TOPIC, 3);
  url = await createTestDatabase(process.env.TEST_DATABASE_URL!);
  const sql = createPgSql(url);
  await migrate(sql);
  await createPostgresEventStore(sql).setup();
  await sql.close();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await mock?.stop();
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Instance {
  sql: Sql;
  leases: ProjectionLeases;
  relay: EventRelay;
  /** Cuts its database connection, as a kill -9 would: no renewal, no batch, no goodbye. */
  kill(): void;
}

/** One app instance's relay part, as server/main.ts starts it, on its own connection. */
async function startInstance(name: string): Promise<Instance> {
  const sql = createPgSql(url, { max: 3 });
  const store = createPostgresEventStore(sql, { pollMs: 100 });
  const leases = createProjectionLeases({ sql, holder: name, ttlMs, renewEveryMs: 150 });
  await leases.start([RELAY_LEASE]);
  const relay = await startEventRelay({
    store,
    sql,
    kafka: connectKafka(mock.brokers, name),
    topic: TOPIC,
    batchSize: 7,
    checkEveryMs: 50,
    onError: (error) => console.warn(`relay of ${name}:`, error instanceof Error ? error.message : error),
    lease: { holds: () => leases.holds(RELAY_LEASE), fence: (tx) => leases.fence(tx, RELAY_LEASE) },
  });
  let killed = false;
  // A killed instance's pool ended already; it keeps the connection it listened on, as a dead
  // process's socket lingers, until the test process ends.
  // Closed last to first: the relay, the lease, the store, then its connections.
  closers.push(() => (killed ? Promise.resolve() : sql.close()), () => store.close(), () => leases.stop(), () => relay.stop());
  return {
    sql,
    leases,
    relay,
    kill() {
      killed = true;
      void sql.close();
    },
  };
}

describe('Kafka relay under a lease', () => {
  it('should relay on one instance only, and on the other from where it stopped when the holder dies', async () => {
    const writerSql = createPgSql(url);
    const writer = createPostgresEventStore(writerSql);
    closers.push(() => writerSql.close(), () => writer.close());
    const run = randomUUID();
    let n = 0;
    // What was appended, from the streams: reading the global log right after an append may not
    // show it yet (a reader waits for every older transaction, a relay's batch among them).
    const logSoFar = async () =>
      (await Promise.all([1, 2, 3, 4, 5].map((user) => writer.readStream(`usage-${user}`)))).flat().sort((x, y) => comparePositions(x.position, y.position));
    const append = async (count: number) => {
      for (let i = 0; i < count; i++, n++) await writer.append(`usage-${1 + (n % 5)}`, [playSampled(1 + (n % 5), n, run)]);
    };

    const [a, b] = [await startInstance('instance-a'), await startInstance('instance-b')];
    await until(() => a.relay.active || b.relay.active, 'one relay to start');
    const [holder, waiting] = a.relay.active ? [a, b] : [b, a];
    // Both look at the lease every 50 ms while events arrive: never both relay.
    let both = false;
    const watch = setInterval(() => (both ||= a.relay.active && b.relay.active), 20);
    await append(60);
    const firstLast = (await logSoFar()).at(-1)!.position;
    await until(() => comparePositions(holder.relay.position, firstLast) === 0, 'the holder to relay the first events');
    expect(waiting.relay.active).toBe(false);

    // The holder dies: its connection is gone, so it neither renews its lease nor relays a batch,
    // and gives nothing up; the other takes the lease over once it ran out.
    holder.kill();
    await append(45);
    const all = await logSoFar();
    await until(() => waiting.relay.active, 'the other instance to take the relay over', ttlMs * 10);
    await until(() => comparePositions(waiting.relay.position, all.at(-1)!.position) === 0, 'the other instance to relay the rest');
    await until(() => !holder.relay.active, 'the dead holder to notice it lost the lease');
    clearInterval(watch);
    expect(both).toBe(false);

    // The topic: every event once, each stream in log order.
    const consumer: Consumer = connectKafka(mock.brokers, 'relay-lease-reader').consumer({ groupId: `reader-${run}` });
    closers.push(() => consumer.disconnect());
    await consumer.connect();
    await consumer.subscribe({ topic: TOPIC, fromBeginning: true });
    const published: RecordedEvent[] = [];
    await consumer.run({
      eachMessage: async ({ message }) => {
        published.push(fromMessage(message.value));
      },
    });
    await until(() => published.length >= all.length, 'the topic to be read');
    await new Promise((r) => setTimeout(r, 1000)); // a doubled message would arrive now
    expect(published.length).toBe(all.length);
    expect(new Set(published.map((e) => e.id))).toEqual(new Set(all.map((e) => e.id)));
    for (const stream of new Set(all.map((e) => e.streamId))) {
      expect(published.filter((e) => e.streamId === stream).map((e) => e.streamVersion)).toEqual(all.filter((e) => e.streamId === stream).map((e) => e.streamVersion));
    }
  });
});
