import type { Kafka, Producer } from 'kafkajs';
import { LOG_START, type EventStore, type LogPosition, type RecordedEvent, type Subscription } from '../event-store/event-store.ts';
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
export const RELAY_CHECKPOINTS_DDL = `CREATE TABLE IF NOT EXISTS ${RELAY_CHECKPOINTS} (
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
  await sql.query(RELAY_CHECKPOINTS_DDL);
  const readCheckpoint = async (): Promise<LogPosition> => {
    const [row] = await sql.query<{ tx: string; seq: string }>(`SELECT position_tx AS tx, position_seq AS seq FROM ${RELAY_CHECKPOINTS} WHERE relay = $1`, [name]);
    return row ? { tx: Number(row.tx), seq: Number(row.seq) } : LOG_START;
  };
  let position = await readCheckpoint();

  // The first publish may create the topic with the broker's default partitions (docker-compose sets 12).
  const producer: Producer = kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: true });
  await producer.connect();

  // The checkpoint moves by compare-and-set from where this relay read: a relay that lost the
  // lease unnoticed can never move it past what the next holder published.
  const moveCheckpoint = async (q: Queryable, last: LogPosition) => {
    const moved = await q.query(
      `INSERT INTO ${RELAY_CHECKPOINTS} AS c (relay, position_tx, position_seq) VALUES ($1, $2, $3)
       ON CONFLICT (relay) DO UPDATE SET position_tx = excluded.position_tx, position_seq = excluded.position_seq, updated_at = now()
       WHERE c.position_tx = $4 AND c.position_seq = $5
       RETURNING relay`,
      [name, last.tx, last.seq, position.tx, position.seq],
    );
    if (moved.length !== 1) throw new Error(`relay ${name}: its checkpoint moved under it (expected ${position.tx}/${position.seq})`);
  };
  const publish = async (events: RecordedEvent[]) => {
    if (events.length > 0) await producer.send({ topic, acks: -1, messages: events.map(toMessage) });
  };

  // A batch is published, then the checkpoint moves: under a lease (several instances on a
  // Postgres server) only while this instance still holds it, checked in the transaction that
  // moves it (fence). Kafka is never awaited inside a transaction: an open transaction holds every
  // log reader back (ARCHITECTURE.md, "The log never skips an event"), and a Kafka outage would
  // stall every projection. So nothing is skipped (the next holder starts from the checkpoint the
  // last one committed), and a batch is published twice only when the holder dies, or loses its
  // lease, between Kafka's ack and that commit: consumers drop the repeat by its log position.
  const follow = (after: LogPosition): Subscription =>
    store.subscribe({
      after,
      batchSize: options.batchSize ?? 1000,
      async onBatch(events, last) {
        // The lease ran out unnoticed (a stalled process): leave the batch to the next holder.
        if (lease && !lease.holds()) throw new Error(`relay ${name}: this instance no longer holds the relay's lease`);
        await publish(events);
        if (lease) {
          await sql.transaction(async (tx) => {
            await lease.fence(tx);
            await moveCheckpoint(tx, last);
          });
        } else await moveCheckpoint(sql, last);
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
