import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { SqlParam } from '../../infra/sql/sql.ts';
import { Activity, ActivityChange, EntityParams } from '../../schemas/api/residents.ts';
import { toActivity, type ActivityRow } from '../../queries/activities/activity-row.ts';
import { lockRow, updateAuditedRow } from '../residents/audited-row.ts';
import { requireUnitsOf } from '../../queries/residents/unit-access.ts';

// PUT /api/activities/{id} {name?, userId?, active?}: changes an activity of the caller's unit (or
// of a unit they administer); the trash toggle puts it with active flipped (spec 3 section 4).
export function updateActivityRoute(app: App): void {
  app.put('/api/activities/:id', { schema: { params: EntityParams, body: ActivityChange, response: { 200: Activity } } }, async (request) => {
    const session = requireUser(request);
    const body = request.body;
    const row = await app.deps.sql.transaction(async (tx) => {
      const old = await lockRow<ActivityRow>(tx, 'activities', request.params.id);
      if (!old) throw notFound();
      await requireUnitsOf(tx, session, [old.user_id, ...(body.userId === undefined ? [] : [body.userId])]);
      const changes: Record<string, SqlParam> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.userId !== undefined) changes.user_id = body.userId;
      if (body.active !== undefined) changes.active = body.active;
      return updateAuditedRow(tx, 'activities', old, changes, session.userId, `PUT /api/activities/${request.params.id}`);
    });
    return toActivity(row);
  });
}
