import { z } from 'zod';

// Operator repair of a stuck projection (issue 12, deliverable 3; docs/operations.md): retry it
// now, or park the one event it fails on. `version` defaults to the version queries read.

export const ProjectionParams = z.strictObject({ name: z.string().regex(/^[a-z][a-z0-9-]{0,99}$/, 'Expected a projection name') });
const version = z.number().int().min(1).max(1_000_000);

// No body at all is the usual call (retry the serving version).
export const RetryProjectionRequest = z.strictObject({ version: version.optional() }).nullish();
export const RetryProjectionResult = z.object({ name: z.string(), version: z.number().int(), woken: z.boolean() });
export type RetryProjectionResult = z.infer<typeof RetryProjectionResult>;

export const ParkEventRequest = z.strictObject({ eventId: z.uuid(), version: version.optional() });
export const ParkedEvent = z.object({
  projectionName: z.string(),
  projectionVersion: z.number().int(),
  eventId: z.uuid(),
  eventType: z.string(),
  position: z.object({ tx: z.number(), seq: z.number() }),
  error: z.string(),
  parkedBy: z.number().int(),
  parkedAt: z.iso.datetime(),
});
export type ParkedEvent = z.infer<typeof ParkedEvent>;

const LogPositionItem = z.object({ tx: z.number(), seq: z.number() });

// GET /api/admin/projections: where every projection stands, for operators (the rebuild screen).
export const ProjectionStatusItem = z.object({
  name: z.string(),
  version: z.number().int(),
  kind: z.enum(['postgres', 'warehouse']),
  current: z.boolean(),
  position: z.object({ tx: z.number(), seq: z.number() }),
  eventsProcessed: z.number().int(),
  /** read and partly written while catching up; counted in eventsProcessed once their derivation is done */
  deferredEvents: z.number().int(),
  lagEvents: z.number().int(),
  lagSeconds: z.number(),
  state: z.enum(['catching-up', 'live', 'failing', 'stopped']),
  lastError: z.string().nullable(),
  /** The one event the projection fails on, once the runner has found it: what an operator may park. */
  failingEvent: z.object({ id: z.uuid(), position: z.object({ tx: z.number(), seq: z.number() }) }).nullable(),
  /** Events an operator parked for this version (POST /api/admin/projections/{name}/park): it skips them. */
  parkedEvents: z.number().int(),
  updatedAt: z.iso.datetime(),
  /**
   * A projection fed from Kafka (KAFKA_BROKERS): its consumer group, the progress it stored per
   * partition (offset and log position of the last message applied), its lag in messages (null
   * when Kafka did not answer) and how far the relay has published the log. Absent otherwise.
   */
  kafka: z
    .object({
      group: z.string(),
      partitions: z.array(
        z.object({ partition: z.number().int(), offset: z.string().nullable(), position: LogPositionItem.nullable(), lag: z.number().int().nullable() }),
      ),
      lagEvents: z.number().int().nullable(),
      relay: z.object({ position: LogPositionItem, updatedAt: z.iso.datetime() }).nullable(),
    })
    .optional(),
});
export const ProjectionStatusList = z.array(ProjectionStatusItem);
export type ProjectionStatusList = z.infer<typeof ProjectionStatusList>;
