import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { Activity, NewActivity } from '../../schemas/api/residents.ts';
import { toActivity, type ActivityRow } from '../../queries/activities/activity-row.ts';
import { insertAuditedRow } from '../residents/audited-row.ts';
import { requireFlag, requireUnitsOf } from '../../queries/residents/unit-access.ts';

// POST /api/activities {name, userId?, active?}: a new activity of the caller's unit (or of a
// unit they administer). Needs canCreateActivities; the name must not be empty (spec 3 section 5).
export function createActivityRoute(app: App): void {
  app.post('/api/activities', { schema: { body: NewActivity, response: { 200: Activity } } }, async (request) => {
    const session = requireUser(request);
    const { sql } = app.deps;
    const userId = request.body.userId ?? session.userId;
    await requireFlag(sql, session, 'canCreateActivities');
    await requireUnitsOf(sql, session, [userId]);
    const row = await sql.transaction((tx) =>
      insertAuditedRow<ActivityRow>(tx, 'activities', { name: request.body.name, user_id: userId, active: request.body.active }, session.userId, 'POST /api/activities'),
    );
    return toActivity(row);
  });
}
