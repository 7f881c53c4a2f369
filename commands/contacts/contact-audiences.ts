import type { FastifyRequest } from 'fastify';
import { requireOperator } from '../../server/http/auth.ts';
import { requireExisting } from '../reference-data/audited-links.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// What set-user-contact and set-user-group-contact share: a contact is shown to the units in its
// user_ids and the groups in its user_group_ids (migration 021); value true adds the ids to each
// contact's list, false takes them out. A contact whose list does not change writes nothing.

interface Audience {
  column: 'user_ids' | 'user_group_ids';
  table: 'users' | 'user_groups';
  field: 'userIds' | 'userGroupIds';
}
export const unitAudience: Audience = { column: 'user_ids', table: 'users', field: 'userIds' };
export const groupAudience: Audience = { column: 'user_group_ids', table: 'user_groups', field: 'userGroupIds' };

export async function setContactAudience(request: FastifyRequest, audience: Audience, contactIds: number[], ids: number[], value: boolean, query: string): Promise<{ changed: number }> {
  const { userId } = await requireOperator(request);
  return request.server.deps.sql.transaction(async (tx) => {
    await requireExisting(tx, 'contacts', contactIds, 'contactIds');
    await requireExisting(tx, audience.table, ids, audience.field);
    let changed = 0;
    for (const contactId of [...new Set(contactIds)].sort((a, b) => a - b)) {
      const old = (await lockRow<{ id: number } & Record<string, unknown>>(tx, 'contacts', contactId))!;
      const current = (old[audience.column] as number[]).map(Number);
      const next = value ? [...new Set([...current, ...ids])] : current.filter((id) => !ids.includes(id));
      if (next.length === current.length) continue;
      await updateAuditedRow(tx, 'contacts', old, { [audience.column]: next }, userId, query);
      changed += 1;
    }
    return { changed };
  });
}
