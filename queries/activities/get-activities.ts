import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { ActivityList, ActivityQuery } from '../../schemas/api/residents.ts';
import { requireUnitsOf } from '../residents/unit-access.ts';
import { escapeLike } from '../residents/get-residents.ts';
import { toActivity, type ActivityRow } from './activity-row.ts';

// POST /api/get/activities {ids?, userIds?, query?, active?, offset, limit}: activities of the
// caller (default) or of units they administer, by name.

export async function listActivities(db: Queryable, userIds: readonly number[], query: ActivityQuery): Promise<ActivityList> {
  const where = `user_id = ANY($1::integer[])
    AND ($2::integer[] IS NULL OR id = ANY($2::integer[]))
    AND ($3::boolean IS NULL OR active = $3::boolean)
    AND ($4::text IS NULL OR name ILIKE '%' || $4::text || '%')`;
  const params = [userIds, query.ids ?? null, query.active ?? null, query.query?.trim() ? escapeLike(query.query.trim()) : null];
  const [rows, [counted]] = await Promise.all([
    db.query<ActivityRow>(`SELECT id, name, user_id, active FROM activities WHERE ${where} ORDER BY lower(name), id OFFSET $5 LIMIT $6`, [...params, query.offset, query.limit]),
    db.query<{ total: number | string }>(`SELECT count(*) AS total FROM activities WHERE ${where}`, params),
  ]);
  return { items: rows.map(toActivity), totalCount: Number(counted?.total ?? 0) };
}

export function getActivitiesRoute(app: App): void {
  app.post('/api/get/activities', { schema: { body: ActivityQuery, response: { 200: ActivityList } } }, async (request) => {
    const session = requireUser(request);
    const userIds = request.body.userIds ?? [session.userId];
    await requireUnitsOf(app.deps.sql, session, userIds);
    return listActivities(app.deps.sql, userIds, request.body);
  });
}
