import type { LogPosition } from '../../infra/event-store/event-store.ts';
import { RELAY_CHECKPOINTS } from '../../infra/kafka/event-relay.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { consumerGroupOf, KAFKA_PROJECTION_OFFSETS } from './kafka-projection-consumer.ts';

// Where the Kafka transport stands, for the operators' status (GET /api/admin/projections): the
// relay's checkpoint (how far the log is published) and, per projection fed from Kafka, its
// consumer group, the progress it stored per partition (kept with its results, so this is what it
// has applied) and its lag: messages on the topic it has not applied yet. Everything but the
// topic's end offsets is in Postgres, so any instance answers for the whole group.

export interface KafkaPartitionStatus {
  partition: number;
  /** Offset of the last message applied; null: nothing applied from this partition yet. */
  offset: string | null;
  position: LogPosition | null;
  /** Messages after it on the topic; null when Kafka did not answer. */
  lag: number | null;
}

export interface KafkaConsumerStatus {
  name: string;
  version: number;
  group: string;
  partitions: KafkaPartitionStatus[];
  lagEvents: number | null;
  updatedAt: Date | null;
}

export interface KafkaStatus {
  relay: { position: LogPosition; updatedAt: Date } | null;
  consumers: KafkaConsumerStatus[];
}

export type EndOffsets = Map<number, { end: bigint; start: bigint }> | null;

const exists = async (db: Queryable, table: string) => (await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]))[0]?.t != null;

/** `fed`: the projections fed from Kafka, listed even before their first message is applied. */
export async function readKafkaStatus(db: Queryable, topic: string, endOffsets: EndOffsets, fed: readonly { name: string; version: number }[] = []): Promise<KafkaStatus> {
  const [relayRows, offsetRows] = await Promise.all([
    exists(db, RELAY_CHECKPOINTS).then((yes) =>
      yes ? db.query<{ tx: string; seq: string; updated_at: Date }>(`SELECT position_tx AS tx, position_seq AS seq, updated_at FROM ${RELAY_CHECKPOINTS} WHERE relay = 'events'`) : [],
    ),
    exists(db, KAFKA_PROJECTION_OFFSETS).then((yes) =>
      yes
        ? db.query<{ projection: string; partition: number; kafka_offset: string; tx: string; seq: string; updated_at: Date }>(
            `SELECT projection, partition, kafka_offset::text, position_tx AS tx, position_seq AS seq, updated_at
               FROM ${KAFKA_PROJECTION_OFFSETS} WHERE topic = $1 ORDER BY projection, partition`,
            [topic],
          )
        : [],
    ),
  ]);
  const relay = relayRows[0] ? { position: { tx: Number(relayRows[0].tx), seq: Number(relayRows[0].seq) }, updatedAt: new Date(relayRows[0].updated_at) } : null;

  const byProjection = new Map<string, typeof offsetRows>(fed.map((p) => [`${p.name}@v${p.version}`, []]));
  for (const row of offsetRows) byProjection.set(row.projection, [...(byProjection.get(row.projection) ?? []), row]);
  const consumers = [...byProjection].map(([key, rows]): KafkaConsumerStatus => {
    const [name, version] = key.split('@v') as [string, string];
    const stored = new Map(rows.map((r) => [Number(r.partition), r]));
    // Every partition of the topic, also those this group has applied nothing from yet.
    const partitions = [...new Set([...stored.keys(), ...(endOffsets?.keys() ?? [])])].sort((a, b) => a - b);
    const statuses = partitions.map((partition): KafkaPartitionStatus => {
      const row = stored.get(partition);
      const ends = endOffsets?.get(partition);
      const next = row ? BigInt(row.kafka_offset) + 1n : ends?.start;
      return {
        partition,
        offset: row ? String(row.kafka_offset) : null,
        position: row ? { tx: Number(row.tx), seq: Number(row.seq) } : null,
        lag: ends && next !== undefined ? Math.max(0, Number(ends.end - next)) : null,
      };
    });
    const lags = statuses.map((s) => s.lag);
    const updated = rows.map((r) => new Date(r.updated_at).getTime());
    return {
      name,
      version: Number(version),
      group: consumerGroupOf({ name, version: Number(version) }),
      partitions: statuses,
      lagEvents: endOffsets && lags.every((l) => l !== null) ? lags.reduce<number>((sum, l) => sum + l!, 0) : null,
      updatedAt: updated.length > 0 ? new Date(Math.max(...updated)) : null,
    };
  });
  return { relay, consumers };
}
