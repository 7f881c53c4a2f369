import type { FastifyRequest } from 'fastify';
import { requireOperator } from '../../server/http/auth.ts';
import { auditRows, requireExisting } from '../reference-data/audited-links.ts';

// What set-users-user-group, set-users-instructions-user-group and set-users-timings-user-group
// share: one group column of the users set to a group (or null), with an audit row per user
// changed. The audit rows hold that column only: a users row also holds the password hash, which
// the log must never copy.

export type UsersGroupColumn = 'user_group_id' | 'instructions_user_group_id' | 'timings_user_group_id';

export async function setUsersGroupColumn(request: FastifyRequest, body: { userIds: number[]; userGroupId: number | null }, column: UsersGroupColumn, query: string): Promise<{ changed: number }> {
  const { userId: actor } = await requireOperator(request);
  return request.server.deps.sql.transaction(async (tx) => {
    await requireExisting(tx, 'users', body.userIds, 'userIds');
    if (body.userGroupId !== null) await requireExisting(tx, 'user_groups', [body.userGroupId], 'userGroupId');
    const old = await tx.query<{ id: number; group: number | null }>(
      `SELECT id, "${column}" AS group FROM users WHERE id = ANY($1::integer[]) AND "${column}" IS DISTINCT FROM $2 ORDER BY id FOR UPDATE`,
      [[...new Set(body.userIds)], body.userGroupId],
    );
    await tx.query(`UPDATE users SET "${column}" = $2 WHERE id = ANY($1::integer[])`, [old.map((r) => r.id), body.userGroupId]);
    await auditRows(tx, 'users', 'UPDATE', actor, query, old.map((r) => ({ old: { id: r.id, [column]: r.group }, new: { id: r.id, [column]: body.userGroupId } })));
    return { changed: old.length };
  });
}
