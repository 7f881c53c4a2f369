import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { Activity, EntityParams } from '../../schemas/api/residents.ts';
import { requireUnitsOf } from '../residents/unit-access.ts';
import { toActivity, type ActivityRow } from './activity-row.ts';

// GET /api/activities/{id}: one activity of the caller or of a unit they administer.
export function getActivityRoute(app: App): void {
  app.get('/api/activities/:id', { schema: { params: EntityParams, response: { 200: Activity } } }, async (request) => {
    const session = requireUser(request);
    const [row] = await app.deps.sql.query<ActivityRow>('SELECT id, name, user_id, active FROM activities WHERE id = $1', [request.params.id]);
    if (!row) throw notFound();
    await requireUnitsOf(app.deps.sql, session, [row.user_id]);
    return toActivity(row);
  });
}
