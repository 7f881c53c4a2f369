import type { Consumer, ConsumerConfig, Kafka } from 'kafkajs';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { comparePositions, type LogPosition } from '../../infra/event-store/event-store.ts';
import { EVENTS_TOPIC, fromMessage } from '../../infra/kafka/event-topic.ts';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import { ensureCheckpointSchema, readCheckpoint } from './checkpoint-store.ts';
import { projectionKey, type ProjectedEvent, type Projector } from './projector.ts';

// A projector fed from Kafka instead of the log (KAFKA_BROKERS): one member of a consumer group,
// so the group's members share the topic's partitions (users: event-topic.ts keys a user's streams
// together) and a member that dies has its partitions taken over at the rebalance.
//
// Exactly once in effect, as with the log runner (runner.ts), per partition instead of per log:
// - each partition's progress is stored with the results: the Kafka offset and the log position
//   of the last applied event, in `kafka_projection_offsets`; a Postgres projector writes it in the
//   transaction that applies the batch, a warehouse projector (idempotent under replay) after it;
// - a member resumes a partition from the offset stored here, not from what the group committed
//   to Kafka (that commit is only a hint for tools), so a crash at any point replays at most the
//   batch in flight;
// - events the relay published twice (a crash between Kafka's ack and its checkpoint) come again
//   with new offsets but their old log positions, and are dropped: within a partition the log
//   positions only grow;
// - a partition with no progress stored yet starts after the projector's checkpoint in the log
//   runner's table: a version the log runner has built so far is handed over, not built again.

export const KAFKA_PROJECTION_OFFSETS = 'kafka_projection_offsets';
export const KAFKA_PROJECTION_OFFSETS_DDL = `CREATE TABLE IF NOT EXISTS ${KAFKA_PROJECTION_OFFSETS} (
  projection text NOT NULL, topic text NOT NULL, partition int NOT NULL,
  kafka_offset bigint NOT NULL, position_tx bigint NOT NULL, position_seq bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, topic, partition))`;

interface Progress {
  offset: string;
  position: LogPosition;
}

/** The consumer group of a projection version: its members share the topic's partitions. */
export const consumerGroupOf = (projector: { name: string; version: number }) => `sointu-${projectionKey(projector)}`;

export interface KafkaProjectionConsumer {
  readonly consumer: Consumer;
  stop(): Promise<void>;
}

export interface KafkaProjectionConsumerOptions {
  kafka: Kafka;
  sql: Sql;
  warehouse?: Warehouse;
  projector: Projector;
  topic?: string;
  /** Group timings and retries (tests shorten the session so a rebalance takes seconds). */
  consumerConfig?: Partial<Omit<ConsumerConfig, 'groupId'>>;
  /** Called after a batch is applied, before its progress is stored (tests crash a member there). */
  afterApply?(partition: number, events: number): Promise<void> | void;
  /** A crash the member rejoins the group after (logged by the server). */
  onError?(error: unknown): void;
}

/** Whether kafkajs restarts a member itself after this crash (as its consumer does: the original cause decides). */
const isRetriable = (error: Error & { retriable?: boolean; cause?: unknown }): boolean =>
  error.name === 'KafkaJSNumberOfRetriesExceeded' || (error.cause instanceof Error ? isRetriable(error.cause) : error.retriable === true);

const REJOIN_MS = { initial: 1000, max: 30_000 };

export async function startKafkaProjectionConsumer(options: KafkaProjectionConsumerOptions): Promise<KafkaProjectionConsumer> {
  const { kafka, sql, warehouse, projector, topic = EVENTS_TOPIC } = options;
  const key = projectionKey(projector);
  await sql.query(KAFKA_PROJECTION_OFFSETS_DDL);
  if (projector.kind === 'postgres') await projector.setup(sql);
  else {
    if (!warehouse) throw new Error(`${key} is a warehouse projector: pass the warehouse`);
    await projector.setup(warehouse, { sql });
  }
  const handles = new Set<string>(projector.handles);
  await ensureCheckpointSchema(sql);
  const handedOver = (await readCheckpoint(sql, projector.name, projector.version)).position;

  const readProgress = async (partition: number): Promise<Progress | null> => {
    const [row] = await sql.query<{ offset: string; tx: string; seq: string }>(
      `SELECT kafka_offset AS offset, position_tx AS tx, position_seq AS seq FROM kafka_projection_offsets
        WHERE projection = $1 AND topic = $2 AND partition = $3`,
      [key, topic, partition],
    );
    return row ? { offset: String(row.offset), position: { tx: Number(row.tx), seq: Number(row.seq) } } : null;
  };
  const saveProgress = (q: Queryable, partition: number, progress: Progress) =>
    q.query(
      `INSERT INTO kafka_projection_offsets (projection, topic, partition, kafka_offset, position_tx, position_seq) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (projection, topic, partition) DO UPDATE SET kafka_offset = excluded.kafka_offset,
         position_tx = excluded.position_tx, position_seq = excluded.position_seq, updated_at = now()`,
      [key, topic, partition, progress.offset, progress.position.tx, progress.position.seq],
    );

  const consumer = kafka.consumer({ allowAutoTopicCreation: false, ...options.consumerConfig, groupId: consumerGroupOf(projector) });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  // Where each partition this member owns resumes: what is stored here, read when it is assigned.
  const sought = new Set<number>();
  consumer.on(consumer.events.GROUP_JOIN, () => sought.clear());

  const run = () => consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, commitOffsetsIfNecessary, heartbeat, isRunning, isStale }) => {
      const { partition } = batch;
      const stored = await readProgress(partition);
      if (!sought.has(partition)) {
        sought.add(partition);
        // The group's committed offset may lag what was applied (or lead it, never: it is written
        // after): start right after the stored one, and let this batch go.
        const next = stored ? String(BigInt(stored.offset) + 1n) : null;
        if (next !== null && batch.messages[0] && batch.messages[0].offset !== next) {
          consumer.seek({ topic, partition, offset: next });
          return;
        }
      }
      if (!isRunning() || isStale() || batch.messages.length === 0) return;
      const done = stored?.position ?? handedOver;
      const all = batch.messages.map((m) => ({ offset: m.offset, event: fromMessage(m.value) }));
      const fresh = all.filter(({ event }) => comparePositions(event.position, done) > 0);
      const events = fresh.map(({ event }) => event).filter((e) => handles.has(e.type)) as ProjectedEvent<never>[];
      const last = all.at(-1)!;
      const progress: Progress = {
        offset: last.offset,
        position: fresh.length > 0 ? fresh.at(-1)!.event.position : done,
      };
      if (projector.kind === 'postgres') {
        await sql.transaction(async (tx) => {
          if (events.length > 0) await projector.apply(tx, events);
          await options.afterApply?.(partition, events.length);
          await saveProgress(tx, partition, progress);
        });
      } else {
        if (events.length > 0) await projector.apply(warehouse!, events, { sql, catchingUp: false });
        await options.afterApply?.(partition, events.length);
        await saveProgress(sql, partition, progress);
      }
      resolveOffset(last.offset);
      await commitOffsetsIfNecessary();
      await heartbeat();
    },
  });
  // kafkajs restarts a member after a retriable crash (a projector's failing batch included, unless
  // `retry.restartOnFailure` says no) but leaves it stopped after any other, such as a protocol
  // error a coordinator answers in the middle of a rebalance: then the projection would stand
  // still for good on a lone instance. This member rejoins, like the log runner retries, with backoff.
  // Listening before the first run(): its own join can crash so too (a SyncGroup refused while
  // another member joins), and a crash before the listener was there left the member out for good.
  let stopping = false;
  let rejoinTimer: NodeJS.Timeout | undefined;
  const rejoin = (delayMs: number) => {
    rejoinTimer = setTimeout(() => {
      if (stopping) return;
      consumer.connect().then(run).catch((error: unknown) => {
        options.onError?.(error);
        rejoin(Math.min(delayMs * 2, REJOIN_MS.max));
      });
    }, delayMs);
  };
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (stopping || payload.restart || isRetriable(payload.error)) return;
    options.onError?.(payload.error);
    rejoin(REJOIN_MS.initial);
  });
  await run();
  return {
    consumer,
    stop: () => {
      stopping = true;
      clearTimeout(rejoinTimer);
      return consumer.disconnect();
    },
  };
}
