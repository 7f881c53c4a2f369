import { conflict } from '../../infra/errors.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';
import { readCheckpoint } from '../../projections/engine/checkpoint-store.ts';
import { retryRebuildNow } from '../../projections/rebuilds.ts';
import { ParkedEvent, ParkEventRequest, ProjectionParams } from '../../schemas/api/projections.ts';
import { projectionVersion } from './projection-version.ts';

// POST /api/admin/projections/{name}/park {eventId, version?}: the last resort when one event stops
// a projection and no fix is at hand. The event is recorded in parked_events (who, when, why) and
// that projection version skips it from then on, in rebuilds of the same version too; the event
// stays in the log, and a new version (after a code fix) projects it again. Only the event the
// projection is failing on (status: failingEvent) can be parked, so parking never hides an event
// that projects fine.

interface ParkedRow {
  projection_name: string;
  projection_version: number;
  event_id: string;
  event_type: string;
  position_tx: number | string;
  position_seq: number | string;
  error: string;
  parked_by: number;
  parked_at: Date;
}

export function parkEventRoute(app: App): void {
  app.post(
    '/api/admin/projections/:name/park',
    { schema: { params: ProjectionParams, body: ParkEventRequest, response: { 200: ParkedEvent } } },
    async (request) => {
      const { userId } = await requireOperator(request);
      const { name } = request.params;
      const { eventId } = request.body;
      const version = await projectionVersion(app.deps.sql, name, request.body.version);
      const checkpoint = await readCheckpoint(app.deps.sql, name, version);
      const failing = checkpoint.lastError ? checkpoint.failingEvent : null;
      if (failing?.id !== eventId.toLowerCase()) {
        throw conflict(`Projection ${name} version ${version} is not failing on event ${eventId}; only that event can be parked`, { failingEvent: failing });
      }
      // From the store, not the events table: with EVENTSTORE_URL the log is KurrentDB's.
      const event = await app.deps.store.findEvent(failing.id);
      if (!event) throw conflict(`Event ${eventId} is not in the log`);
      const [row] = await app.deps.sql.query<ParkedRow>(
        `INSERT INTO parked_events (projection_name, projection_version, event_id, position_tx, position_seq, event_type, error, parked_by)
         VALUES ($1, $2, $3::uuid, $4, $5, $6, $7, $8)
         ON CONFLICT (projection_name, projection_version, event_id) DO UPDATE SET error = parked_events.error
         RETURNING *`,
        [name, version, event.id, failing.position.tx, failing.position.seq, event.type, checkpoint.lastError, userId],
      );
      if (!row) throw conflict(`Event ${eventId} is not in the log`);
      request.log.warn({ userId, name, version, eventId, error: checkpoint.lastError }, 'event parked: the projection skips it');
      // The loop reads the parked events again before its retry; wake it rather than wait out the backoff.
      app.deps.projections?.retryNow(name, version);
      retryRebuildNow(app.deps, name, version);
      return {
        projectionName: row.projection_name,
        projectionVersion: row.projection_version,
        eventId: row.event_id,
        eventType: row.event_type,
        position: { tx: Number(row.position_tx), seq: Number(row.position_seq) },
        error: row.error,
        parkedBy: row.parked_by,
        parkedAt: new Date(row.parked_at).toISOString(),
      };
    },
  );
}
