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

export async function startLoginSession(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  login: { user: UserRecord; method: 'password' | 'token'; loginTime: Date; jwt: boolean },
): Promise<LoginResult> {
  const { sql, store, config } = app.deps;
  const { user, loginTime } = login;
  const session: Session = {
    userId: user.id,
    sessionToken: newSessionToken(),
    // The admin-password login (spec 1 section 6) is not offered yet: LoginRequest has no field for it.
    admin: false,
    publicReport: false,
    loginTime: loginTime.toISOString(),
  };
  // Appended before the token switch: a failed append leaves the older session in charge.
  await store.append(streams.usage(user.id), [
    {
      id: eventId('LoggedIn', user.id, session.sessionToken),
      type: 'LoggedIn',
      data: { userId: user.id, clientTime: session.loginTime, receivedAt: session.loginTime, sessionToken: session.sessionToken, admin: false, method: login.method },
      metadata: { userId: user.id, correlationId: request.id },
    },
  ]);
  await sql.transaction(async (tx) => {
    await startSession(tx, { token: session.sessionToken, userId: user.id, kind: login.method, at: loginTime });
    await tx.query('UPDATE users SET last_session_token = $2 WHERE id = $1', [user.id, session.sessionToken]);
  });
  setSessionCookie(request, reply, session);
  request.log.info({ userId: user.id, method: login.method }, 'logged in');
  return {
    user: toCurrentUser({ ...user, lastSessionToken: session.sessionToken }, session),
    baseUrl: config.publicUrl ?? `${request.protocol}://${request.host}`,
    ...(login.jwt ? { jwt: await signSessionJwt(session, config.jwtSecret, loginTime) } : {}),
  };
}
