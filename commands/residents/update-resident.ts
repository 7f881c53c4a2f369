import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { SqlParam } from '../../infra/sql/sql.ts';
import { EntityParams, Resident, ResidentChange } from '../../schemas/api/residents.ts';
import { toResident, type ResidentRow } from '../../queries/residents/resident-row.ts';
import { lockRow, updateAuditedRow } from './audited-row.ts';
import { requireUnitsOf } from '../../queries/residents/unit-access.ts';

// PUT /api/residents/{id} {whole resident}: changes a resident of the caller's unit (or of a unit
// they administer), including the active flag the trash toggle flips (spec 3 section 4).
export function updateResidentRoute(app: App): void {
  app.put('/api/residents/:id', { schema: { params: EntityParams, body: ResidentChange, response: { 200: Resident } } }, async (request) => {
    const session = requireUser(request);
    const body = request.body;
    const row = await app.deps.sql.transaction(async (tx) => {
      const old = await lockRow<ResidentRow>(tx, 'residents', request.params.id);
      if (!old) throw notFound();
      await requireUnitsOf(tx, session, [old.user_id, ...(body.userId === undefined ? [] : [body.userId])]);
      const changes: Record<string, SqlParam> = {};
      if (body.firstName !== undefined) changes.first_name = body.firstName;
      if (body.lastName !== undefined) changes.last_name = body.lastName;
      if (body.identification !== undefined) changes.identification = body.identification || null;
      if (body.userId !== undefined) changes.user_id = body.userId;
      if (body.userTagGroupId !== undefined) changes.user_tag_group_id = body.userTagGroupId;
      if (body.active !== undefined) changes.active = body.active;
      return updateAuditedRow(tx, 'residents', old, changes, session.userId, `PUT /api/residents/${request.params.id}`);
    });
    return toResident(row);
  });
}
