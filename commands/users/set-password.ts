import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../../infra/auth/password.ts';
import { endSessionsOfUser } from '../../infra/auth/sessions.ts';
import { effectiveConfig } from '../../infra/users/user-repository.ts';
import { setPasswordRefusal } from '../../domain/users/user-admin-policy.ts';
import { SetPasswordRequest, SetPasswordResult } from '../../schemas/api/user-admin.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import type { App } from '../../server/http/zod.ts';

// POST /api/set-password {userId, password} and the set-password typed request (spec 3 section 7;
// issue 17): an administrator of the user, or the user for themselves with passwordChange. The
// password is stored as an Argon2id hash; the change and the end of the user's other sessions
// (DOMAIN.md section 4: a password change ends a session everywhere; the caller's own session
// goes on when they change their own) commit together. The audit row says that the password
// changed, never the hash.

export async function setPassword(request: FastifyRequest, body: SetPasswordRequest): Promise<SetPasswordResult> {
  const session = requireUser(request);
  const { sql, now } = request.server.deps;
  // Hashing is slow on purpose: done before the transaction, so no row lock waits for it.
  const passwordHash = await hashPassword(body.password);
  return sql.transaction(async (tx) => {
    const [actor] = await tx.query<{ config: unknown; administers: boolean }>(
      `SELECT config, EXISTS (SELECT 1 FROM user_admins WHERE admin_user_id = $1 AND user_id = $2) AS administers FROM users WHERE id = $1`,
      [session.userId, body.userId],
    );
    const [target] = await tx.query<{ id: number; active: boolean }>('SELECT id, active FROM users WHERE id = $1 FOR UPDATE', [body.userId]);
    const refusal = setPasswordRefusal({
      actorId: session.userId,
      targetId: body.userId,
      actorAdministersTarget: actor?.administers ?? false,
      actorPasswordChange: actor ? effectiveConfig(actor.config, false).passwordChange : false,
      targetActive: target?.active ?? false,
    });
    if (refusal) throw refusal;
    const at = now();
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [body.userId, passwordHash]);
    await tx.query('INSERT INTO logging ("table", action, user_id, old_data, new_data, query) VALUES ($1, $2, $3, $4, $5, $6)', [
      'users',
      'UPDATE',
      session.userId,
      JSON.stringify({ id: body.userId }),
      JSON.stringify({ id: body.userId, password: 'changed' }),
      'set-password',
    ]);
    const self = session.userId === body.userId;
    const endedSessions = await endSessionsOfUser(tx, body.userId, 'password-changed', at, self ? { exceptSessionToken: session.sessionToken } : {});
    return { userId: body.userId, endedSessions };
  });
}

export const setPasswordRequest = typedRequest({
  permission: 'An administrator of the user, or the user themselves with passwordChange.',
  effect: "Sets the user's password and ends their other sessions.",
  body: SetPasswordRequest,
  result: SetPasswordResult,
  handle: setPassword,
});

export function setPasswordRoute(app: App): void {
  app.post('/api/set-password', { schema: { body: SetPasswordRequest, response: { 200: SetPasswordResult } } }, (request) => setPassword(request, request.body));
}
