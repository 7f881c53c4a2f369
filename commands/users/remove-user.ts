import type { Queryable } from '../../infra/sql/sql.ts';
import { endSessionsOfUser } from '../../infra/auth/sessions.ts';
import { decideRemoveUser } from '../../domain/users/user-admin-policy.ts';
import { RemoveUserRequest, RemoveUserResult } from '../../schemas/api/user-admin.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';

// remove-user {userId} (spec 3 section 7; issue 17): the caller removes a user they administer
// and inserted (the only users 'Remove User' is offered for, spec 3 section 6). The row stays, so
// the log, the warehouse and the reports keep the user's history (the log is never rewritten):
// the user becomes inactive (no login; isSessionLive refuses their sessions, and they are ended
// too), leaves every adminOfUsers (kept in former_user_admins, so reports of their former
// administrators can label them as removed) and loses any pending login link. One transaction:
// all of it or nothing; every change has its audit row.

export const removeUserRequest = typedRequest({
  permission: 'An administrator of the user who also inserted them.',
  effect: 'Makes the user inactive, ends their sessions and login links and removes them from every adminOfUsers; their history stays.',
  body: RemoveUserRequest,
  result: RemoveUserResult,
  async handle(request, body) {
    const session = requireUser(request);
    const { sql, now } = request.server.deps;
    return sql.transaction(async (tx) => {
      const [target] = await tx.query<{ id: number; name: string; active: boolean; inserted_by_user_id: number | null; removed_at: unknown }>(
        'SELECT id, name, active, inserted_by_user_id, removed_at FROM users WHERE id = $1 FOR UPDATE',
        [body.userId],
      );
      const [ties] = await tx.query<{ administers: boolean; formerly: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM user_admins WHERE admin_user_id = $1 AND user_id = $2) AS administers,
                EXISTS (SELECT 1 FROM former_user_admins WHERE admin_user_id = $1 AND user_id = $2) AS formerly`,
        [session.userId, body.userId],
      );
      const decision = decideRemoveUser({
        actorId: session.userId,
        targetId: body.userId,
        actorAdministersTarget: !!target && (ties?.administers ?? false),
        actorInsertedTarget: target?.inserted_by_user_id === session.userId,
        alreadyRemovedFromActor: !!target && target.removed_at != null && (ties?.formerly ?? false),
      });
      if (!decision.remove) {
        if (decision.error) throw decision.error;
        return { userId: body.userId, removed: false };
      }
      const at = now().toISOString();
      const admins = await tx.query<{ admin_user_id: number }>('DELETE FROM user_admins WHERE user_id = $1 RETURNING admin_user_id', [body.userId]);
      for (const admin of admins) {
        await tx.query('INSERT INTO former_user_admins (admin_user_id, user_id, removed_at) VALUES ($1, $2, $3) ON CONFLICT (admin_user_id, user_id) DO UPDATE SET removed_at = EXCLUDED.removed_at', [
          admin.admin_user_id,
          body.userId,
          at,
        ]);
        await audit(tx, 'user_admins', 'DELETE', session.userId, { admin_user_id: admin.admin_user_id, user_id: body.userId }, null);
      }
      await tx.query('UPDATE users SET active = false, removed_at = $2, removed_by_user_id = $3, login_token = NULL, login_token_expires = NULL WHERE id = $1', [
        body.userId,
        at,
        session.userId,
      ]);
      await audit(tx, 'users', 'UPDATE', session.userId, { id: body.userId, name: target!.name, active: target!.active }, { id: body.userId, name: target!.name, active: false, removed_at: at, removed_by_user_id: session.userId });
      await endSessionsOfUser(tx, body.userId, 'user-deactivated', new Date(at));
      return { userId: body.userId, removed: true };
    });
  },
});

async function audit(
  tx: Queryable,
  table: string,
  action: 'UPDATE' | 'DELETE',
  actorUserId: number,
  oldData: Record<string, unknown>,
  newData: Record<string, unknown> | null,
): Promise<void> {
  await tx.query('INSERT INTO logging ("table", action, user_id, old_data, new_data, query) VALUES ($1, $2, $3, $4, $5, $6)', [
    table,
    action,
    actorUserId,
    JSON.stringify(oldData),
    newData === null ? null : JSON.stringify(newData),
    'remove-user',
  ]);
}
