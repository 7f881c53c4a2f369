import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { NewResident, Resident } from '../../schemas/api/residents.ts';
import { toResident, type ResidentRow } from '../../queries/residents/resident-row.ts';
import { insertAuditedRow } from './audited-row.ts';
import { requireFlag, requireUnitsOf } from '../../queries/residents/unit-access.ts';

// POST /api/residents {firstName, lastName, identification?, userId?, ...}: a new resident of the
// caller's unit (or of a unit they administer). Needs canCreateResidents.
export function createResidentRoute(app: App): void {
  app.post('/api/residents', { schema: { body: NewResident, response: { 200: Resident } } }, async (request) => {
    const session = requireUser(request);
    const { sql } = app.deps;
    const body = request.body;
    const userId = body.userId ?? session.userId;
    await requireFlag(sql, session, 'canCreateResidents');
    await requireUnitsOf(sql, session, [userId]);
    const row = await sql.transaction((tx) =>
      insertAuditedRow<ResidentRow>(
        tx,
        'residents',
        {
          first_name: body.firstName,
          last_name: body.lastName,
          identification: body.identification || null,
          user_id: userId,
          user_tag_group_id: body.userTagGroupId,
          active: body.active,
        },
        session.userId,
        'POST /api/residents',
      ),
    );
    return toResident(row);
  });
}
