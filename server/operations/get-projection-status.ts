import { z } from 'zod';
import { EVENTS_TOPIC } from '../../infra/kafka/event-topic.ts';
import { topicEndOffsets } from '../../infra/kafka/topic-offsets.ts';
import { readCurrentVersions, readDroppedVersions } from '../../projections/engine/checkpoint-store.ts';
import { readKafkaStatus, type KafkaStatus } from '../../projections/engine/kafka-status.ts';
import { LOG_START, comparePositions } from '../../infra/event-store/event-store.ts';
import type { ProjectionRunner, ProjectionStatus } from '../../projections/engine/runner.ts';
import { rebuildRunnerStatuses } from '../../projections/rebuilds.ts';
import { ProjectionStatusList } from '../../schemas/api/projections.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';

// GET /api/admin/projections: where every projection stands (position, lag in events and in
// seconds, state, last error, the event it fails on and how many events are parked), for operators
// watching catch-up and rebuilds and repairing a stuck projection (docs/operations.md).

/**
 * The server's runner, plus the runners of rebuilds started through the API since start-up: those
 * build a new version in a runner of their own, which the server's runner learns of only at the
 * next start. A version both run (never the case today) is reported once, the server's view first.
 */
export async function getProjectionStatus(
  runner: ProjectionRunner | undefined,
  rebuilds?: { runnerStatuses(): Promise<ProjectionStatus[]> },
  /** `name@version` of dropped read-model versions: the server's runner still carries them, quiet, until it restarts. */
  dropped: ReadonlySet<string> = new Set(),
): Promise<ProjectionStatusList> {
  const [served, rebuilding] = await Promise.all([runner ? runner.status() : [], rebuilds ? rebuilds.runnerStatuses() : []]);
  const seen = new Set([...dropped, ...served.map((s) => `${s.name}@${s.version}`)]);
  const statuses: ProjectionStatus[] = [...served.filter((s) => !dropped.has(`${s.name}@${s.version}`)), ...rebuilding.filter((s) => !seen.has(`${s.name}@${s.version}`))];
  return statuses.map((s) => ({ ...s, lagSeconds: Math.round(s.lagSeconds * 1000) / 1000, updatedAt: s.updatedAt.toISOString() }));
}

/**
 * The Kafka transport's part: each projection fed from Kafka gets its consumer group, partitions,
 * lag and the relay's checkpoint. The server's runner does not run those (server/main.ts), so they
 * are listed from their stored progress: position the furthest partition's, lag the messages not
 * yet applied, live when there are none.
 */
export function withKafkaStatus(list: ProjectionStatusList, kafka: KafkaStatus, currentVersions: ReadonlyMap<string, number>): ProjectionStatusList {
  const relay = kafka.relay && { position: kafka.relay.position, updatedAt: kafka.relay.updatedAt.toISOString() };
  const partOf = (c: KafkaStatus['consumers'][number]) => ({ group: c.group, partitions: c.partitions, lagEvents: c.lagEvents, relay });
  const listed = list.map((item) => {
    const consumer = kafka.consumers.find((c) => c.name === item.name && c.version === item.version);
    return consumer ? { ...item, kafka: partOf(consumer) } : item;
  });
  const fedByKafka = kafka.consumers
    .filter((c) => !list.some((item) => item.name === c.name && item.version === c.version))
    .map((c): ProjectionStatusList[number] => {
      const positions = c.partitions.flatMap((p) => (p.position ? [p.position] : []));
      return {
        name: c.name,
        version: c.version,
        kind: 'warehouse',
        current: currentVersions.get(c.name) === c.version,
        position: positions.reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b), LOG_START),
        // Counted by the log runner only; a Kafka consumer's count is its partitions' offsets.
        eventsProcessed: 0,
        deferredEvents: 0,
        lagEvents: c.lagEvents ?? 0,
        lagSeconds: 0,
        state: c.lagEvents === 0 ? 'live' : 'catching-up',
        lastError: null,
        failingEvent: null,
        parkedEvents: 0,
        updatedAt: (c.updatedAt ?? new Date(0)).toISOString(),
        kafka: partOf(c),
      };
    });
  return [...listed, ...fedByKafka];
}

export function getProjectionStatusRoute(app: App): void {
  app.get('/api/admin/projections', { schema: { querystring: z.strictObject({}), response: { 200: ProjectionStatusList } } }, async (request) => {
    await requireOperator(request);
    // The rebuild runners of the warehouse and of the read models alike.
    const list = await getProjectionStatus(app.deps.projections, { runnerStatuses: () => rebuildRunnerStatuses(app.deps) }, await readDroppedVersions(app.deps.sql));
    const { kafka, sql } = app.deps;
    if (!kafka) return list;
    const status = await readKafkaStatus(sql, EVENTS_TOPIC, await topicEndOffsets(kafka.client, EVENTS_TOPIC), kafka.projections);
    return withKafkaStatus(list, status, await readCurrentVersions(sql));
  });
}
