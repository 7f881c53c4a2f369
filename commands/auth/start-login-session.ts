import type { FastifyReply, FastifyRequest } from 'fastify';
import { streams } from '../../schemas/events/index.ts';
import type { LoginResult } from '../../schemas/api/auth.ts';
import { newSessionToken, startSession } from '../../infra/auth/sessions.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { setSessionCookie } from '../../server/http/auth.ts';
import { signSessionJwt, type Session } from '../../infra/auth/session.ts';
import type { App } from '../../server/http/zod.ts';
import { toCurrentUser } from '../../infra/users/current-user.ts';
import type { UserRecord } from '../../infra/users/user-repository.ts';

// What every login of a user (password or login token) does once the credentials are accepted:
// a new server-side session (infra/auth/sessions.ts) takes playback over from older ones
// (users.last_session_token, spec 1 section 4) and is recorded as LoggedIn in the user's usage
// stream. Older sessions stay alive but lose playback: the spec has the older browser told by its
// ping (tokenMatch false) and logged out there, which ends it (docs/library-and-favorites.md).
//
// A support login (issue 17 item 5: the admin-password login, login-as-user) is an administrator
// in the user's account: the session has the admin flag (no play logging, Track Clicks, not in
// reports), does not take the user's playback over (last_session_token stays), and is recorded in
// the audit log `logging` as a session row inserted by the administrator, in the same transaction
// as the session itself.

export interface SupportLogin {
  adminUserId: number;
  via: 'admin-password' | 'login-as-user';
}

export async function startLoginSession(
  app: Pick<App, 'deps'>,
  request: FastifyRequest,
  /** null: no cookie, the answer's jwt is the session (login-as-user keeps the caller's own cookie). */
  reply: FastifyReply | null,
  login: { user: UserRecord; method: 'password' | 'token'; loginTime: Date; jwt: boolean; support?: SupportLogin },
): Promise<LoginResult> {
  const { sql, store, config } = app.deps;
  const { user, loginTime } = login;
  const session: Session = {
    userId: user.id,
    sessionToken: newSessionToken(),
    admin: login.support !== undefined,
    ...(login.support ? { supportBy: login.support.adminUserId } : {}),
    publicReport: false,
    loginTime: loginTime.toISOString(),
  };
  // Appended before the token switch: a failed append leaves the older session in charge.
  await store.append(streams.usage(user.id), [
    {
      id: eventId('LoggedIn', user.id, session.sessionToken),
      type: 'LoggedIn',
      data: { userId: user.id, clientTime: session.loginTime, receivedAt: session.loginTime, sessionToken: session.sessionToken, admin: session.admin, method: login.method },
      metadata: { userId: user.id, correlationId: request.id },
    },
  ]);
  await sql.transaction(async (tx) => {
    await startSession(tx, { token: session.sessionToken, userId: user.id, kind: login.method, at: loginTime });
    if (login.support) {
      const { adminUserId, via } = login.support;
      // Never the session token: the audit log says who helped whom, when and how.
      await tx.query('INSERT INTO logging ("table", action, user_id, new_data, query) VALUES ($1, $2, $3, $4, $5)', [
        'sessions',
        'INSERT',
        adminUserId,
        JSON.stringify({ userId: user.id, adminUserId, via, admin: true, loginTime: session.loginTime }),
        via,
      ]);
    } else await tx.query('UPDATE users SET last_session_token = $2 WHERE id = $1', [user.id, session.sessionToken]);
  });
  if (reply) setSessionCookie(request, reply, session);
  request.log.info({ userId: user.id, method: login.method, supportBy: login.support?.adminUserId }, 'logged in');
  return {
    ...(session.admin ? { admin: true } : {}),
    user: toCurrentUser({ ...user, lastSessionToken: login.support ? user.lastSessionToken : session.sessionToken }, session),
    baseUrl: config.publicUrl ?? `${request.protocol}://${request.host}`,
    ...(login.jwt ? { jwt: await signSessionJwt(session, config.jwtSecret, loginTime) } : {}),
  };
}
