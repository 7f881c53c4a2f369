import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { EntityParams, Resident } from '../../schemas/api/residents.ts';
import { requireUnitsOf } from './unit-access.ts';
import { toResident, type ResidentRow } from './resident-row.ts';

// GET /api/residents/{id}: one resident of the caller or of a unit they administer.
export function getResidentRoute(app: App): void {
  app.get('/api/residents/:id', { schema: { params: EntityParams, response: { 200: Resident } } }, async (request) => {
    const session = requireUser(request);
    const [row] = await app.deps.sql.query<ResidentRow>('SELECT * FROM residents WHERE id = $1', [request.params.id]);
    if (!row) throw notFound();
    await requireUnitsOf(app.deps.sql, session, [row.user_id]);
    return toResident(row);
  });
}
