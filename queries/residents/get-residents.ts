import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { ResidentList, ResidentQuery } from '../../schemas/api/residents.ts';
import { requireUnitsOf } from './unit-access.ts';
import { toResident, type ResidentRow } from './resident-row.ts';

// POST /api/get/residents {ids?, userIds?, query?, active?, offset, limit}: residents of the
// caller (default) or of units they administer, by first and last name.

export async function listResidents(db: Queryable, userIds: readonly number[], query: ResidentQuery): Promise<ResidentList> {
  const where = `user_id = ANY($1::integer[])
    AND ($2::integer[] IS NULL OR id = ANY($2::integer[]))
    AND ($3::boolean IS NULL OR active = $3::boolean)
    AND ($4::text IS NULL OR concat_ws(' ', first_name, last_name, identification) ILIKE '%' || $4::text || '%')`;
  const params = [userIds, query.ids ?? null, query.active ?? null, query.query?.trim() ? escapeLike(query.query.trim()) : null];
  const [rows, [counted]] = await Promise.all([
    db.query<ResidentRow>(`SELECT * FROM residents WHERE ${where} ORDER BY lower(first_name), lower(last_name), id OFFSET $5 LIMIT $6`, [...params, query.offset, query.limit]),
    db.query<{ total: number | string }>(`SELECT count(*) AS total FROM residents WHERE ${where}`, params),
  ]);
  return { items: rows.map(toResident), totalCount: Number(counted?.total ?? 0) };
}

/** A typed `%` or `_` is a character, not a wildcard. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function getResidentsRoute(app: App): void {
  app.post('/api/get/residents', { schema: { body: ResidentQuery, response: { 200: ResidentList } } }, async (request) => {
    const session = requireUser(request);
    const userIds = request.body.userIds ?? [session.userId];
    await requireUnitsOf(app.deps.sql, session, userIds);
    return listResidents(app.deps.sql, userIds, request.body);
  });
}
