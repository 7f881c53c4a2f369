import type { Kafka, Producer } from 'kafkajs';
import { LOG_START, type EventStore, type LogPosition, type Subscription } from '../event-store/event-store.ts';
import type { Queryable, Sql } from '../sql/sql.ts';
import { EVENTS_TOPIC, toMessage } from './event-topic.ts';

// The outbox relay: follows the Postgres log from its checkpoint with the store's own no-skip
// subscription and publishes each batch to Kafka before moving the checkpoint. So Kafka never
// misses an event and never sees a stream out of order: batches go one at a time, each sent with
// acks from all in-sync replicas and one request in flight (a retried request cannot overtake
// another). A crash between Kafka's ack and the checkpoint publishes that batch again; consumers
// drop what they already applied by log position (projections/engine/kafka-projection-consumer.ts).

export interface EventRelay {
  readonly position: LogPosition;
  /** Whether this instance relays now (holds the relay's lease; always, without one). */
  readonly active: boolean;
  stop(): Promise<void>;
}

/**
 * With several app instances only one may relay, or the topic would carry each event once per
 * instance. The relay runs while its instance holds this lease (projections/engine/leases.ts, the
 * same one each projection runs under: server/main.ts passes it in), and stops when it is lost.
 */
export interface RelayLease {
  /** Whether this instance may relay now. */
  holds(): boolean;
  /** Throws unless it still holds the lease; keeps the lease from moving until `tx` ends. */
  fence(tx: Queryable): Promise<void>;
}

export const RELAY_CHECKPOINTS = 'kafka_relay_checkpoints';
const CHECKPOINTS = `CREATE TABLE IF NOT EXISTS ${RELAY_CHECKPOINTS} (
  relay text PRIMARY KEY, position_tx bigint NOT NULL, position_seq bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`;

export interface EventRelayOptions {
  store: EventStore;
  sql: Sql;
  kafka: Kafka;
  name?: string;
  topic?: string;
  batchSize?: number;
  lease?: RelayLease;
  /** A batch failed (it is tried again from the same position). */
  onError?(error: unknown): void;
  /** How often the relay looks whether it (still) holds its lease (default 250 ms). */
  checkEveryMs?: number;
}

export async function startEventRelay(options: EventRelayOptions): Promise<EventRelay> {
  const { store, sql, kafka, lease, name = 'events', topic = EVENTS_TOPIC } = options;
  await sql.query(CHECKPOINTS);
  const readCheckpoint = async (): Promise<LogPosition> => {
    const [row] = await sql.query<{ tx: string; seq: string }>(`SELECT position_tx AS tx, position_seq AS seq FROM ${RELAY_CHECKPOINTS} WHERE relay = $1`, [name]);
    return row ? { tx: Number(row.tx), seq: Number(row.seq) } : LOG_START;
  };
  let position = await readCheckpoint();

  // The first publish may create the topic with the broker's default partitions (docker-compose sets 12).
  const producer: Producer = kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: true });
  await producer.connect();

  // One batch: the checkpoint moves (compare-and-set from where this relay read), the batch is
  // published, and only then does the transaction commit, all under the lease's fence. A takeover
  // waits for the commit, so the next holder starts where this one ended: nothing is skipped and,
  // short of a crash between Kafka's ack and the commit (which rolls the checkpoint back and
  // publishes that batch again: consumers drop it by log position), nothing is published twice.
  const follow = (after: LogPosition): Subscription =>
    store.subscribe({
      after,
      batchSize: options.batchSize ?? 1000,
      async onBatch(events, last) {
        await sql.transaction(async (tx) => {
          await lease?.fence(tx);
          const moved = await tx.query(
            `INSERT INTO ${RELAY_CHECKPOINTS} AS c (relay, position_tx, position_seq) VALUES ($1, $2, $3)
             ON CONFLICT (relay) DO UPDATE SET position_tx = excluded.position_tx, position_seq = excluded.position_seq, updated_at = now()
             WHERE c.position_tx = $4 AND c.position_seq = $5
             RETURNING relay`,
            [name, last.tx, last.seq, position.tx, position.seq],
          );
          if (moved.length !== 1) throw new Error(`relay ${name}: its checkpoint moved under it (expected ${position.tx}/${position.seq})`);
          if (events.length > 0) await producer.send({ topic, acks: -1, messages: events.map(toMessage) });
        });
        position = last;
      },
      onError: (error) => options.onError?.(error),
    });

  // Starts following when this instance gains the lease, from the checkpoint as the last holder
  // left it; stops when the lease is lost (the fence already refuses its batches by then).
  let subscription: Subscription | undefined;
  let stopped = false;
  const check = async () => {
    const holds = lease ? lease.holds() : true;
    if (holds && !subscription && !stopped) {
      position = await readCheckpoint();
      subscription = follow(position);
    } else if (!holds && subscription) {
      const losing = subscription;
      subscription = undefined;
      await losing.stop();
    }
  };
  let checking: Promise<void> = check();
  await checking;
  const timer = lease
    ? setInterval(() => {
        // A failed look (the database is away) is tried again at the next tick.
        checking = checking.then(check).catch(() => undefined);
      }, options.checkEveryMs ?? 250)
    : undefined;

  return {
    get position() {
      return position;
    },
    get active() {
      return subscription !== undefined;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await checking.catch(() => undefined);
      await subscription?.stop();
      subscription = undefined;
      await producer.disconnect();
    },
  };
}
