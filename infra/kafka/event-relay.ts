import type { Kafka, Producer } from 'kafkajs';
import { LOG_START, type EventStore, type LogPosition, type Subscription } from '../event-store/event-store.ts';
import type { Sql } from '../sql/sql.ts';
import { EVENTS_TOPIC, toMessage } from './event-topic.ts';

// The outbox relay: follows the Postgres log from its checkpoint with the store's own no-skip
// subscription and publishes each batch to Kafka before moving the checkpoint. So Kafka never
// misses an event and never sees a stream out of order: batches go one at a time, each sent with
// acks from all in-sync replicas and one request in flight (a retried request cannot overtake
// another). A crash between Kafka's ack and the checkpoint publishes that batch again; consumers
// drop what they already applied by log position (projections/engine/kafka-projection-consumer.ts).

export interface EventRelay {
  readonly position: LogPosition;
  stop(): Promise<void>;
}

const CHECKPOINTS = `CREATE TABLE IF NOT EXISTS kafka_relay_checkpoints (
  relay text PRIMARY KEY, position_tx bigint NOT NULL, position_seq bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`;

export async function startEventRelay(options: { store: EventStore; sql: Sql; kafka: Kafka; name?: string; topic?: string; batchSize?: number }): Promise<EventRelay> {
  const { store, sql, kafka, name = 'events', topic = EVENTS_TOPIC } = options;
  await sql.query(CHECKPOINTS);
  const [row] = await sql.query<{ tx: string; seq: string }>('SELECT position_tx AS tx, position_seq AS seq FROM kafka_relay_checkpoints WHERE relay = $1', [name]);
  let position: LogPosition = row ? { tx: Number(row.tx), seq: Number(row.seq) } : LOG_START;

  // The first publish may create the topic with the broker's default partitions (docker-compose sets 12).
  const producer: Producer = kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: true });
  await producer.connect();
  const subscription: Subscription = store.subscribe({
    after: position,
    batchSize: options.batchSize ?? 1000,
    async onBatch(events, last) {
      if (events.length > 0) await producer.send({ topic, acks: -1, messages: events.map(toMessage) });
      await sql.query(
        `INSERT INTO kafka_relay_checkpoints (relay, position_tx, position_seq) VALUES ($1, $2, $3)
         ON CONFLICT (relay) DO UPDATE SET position_tx = excluded.position_tx, position_seq = excluded.position_seq, updated_at = now()`,
        [name, last.tx, last.seq],
      );
      position = last;
    },
  });
  return {
    get position() {
      return position;
    },
    async stop() {
      await subscription.stop();
      await producer.disconnect();
    },
  };
}
