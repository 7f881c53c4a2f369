import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LoginRequest, LoginResult } from '../../schemas/api/auth.ts';
import { streams } from '../../schemas/events/index.ts';
import { hashPassword, verifyPassword } from '../../infra/auth/password.ts';
import { unauthorized } from '../../infra/errors.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { setSessionCookie } from '../../infra/http/auth.ts';
import { signSessionJwt, type Session } from '../../infra/http/session.ts';
import type { App } from '../../infra/http/zod.ts';
import { assertContractActive } from '../../infra/users/contract.ts';
import { toCurrentUser } from '../../infra/users/current-user.ts';
import { findLoginCandidate, loadUser } from '../../infra/users/user-repository.ts';

// POST /api/login. A new login takes playback over from older ones (users.last_session_token,
// spec 1 section 4) and is recorded as LoggedIn in the user's usage stream.

const loginFailed = () => unauthorized('Login failed');

// Unknown user names still pay for one hash check, so timing does not tell which names exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function loginRoute(app: App): void {
  app.post('/api/login', { schema: { body: LoginRequest, response: { 200: LoginResult } } }, async (request, reply) => {
    const { sql, store, config, now } = app.deps;
    const candidate = await findLoginCandidate(sql, request.body.username);
    const passwordOk = await verifyPassword(candidate?.passwordHash ?? (await decoy()), request.body.password);
    if (!candidate || !candidate.active || !passwordOk) throw loginFailed();
    const user = await loadUser(sql, candidate.id);
    if (!user) throw loginFailed();

    const loginTime = now();
    assertContractActive(user, loginTime, config.contactEmail);
    const session: Session = {
      userId: user.id,
      sessionToken: randomBytes(24).toString('base64url'),
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
        data: { userId: user.id, clientTime: session.loginTime, receivedAt: session.loginTime, sessionToken: session.sessionToken, admin: false, method: 'password' },
        metadata: { userId: user.id, correlationId: request.id },
      },
    ]);
    await sql.query('UPDATE users SET last_session_token = $2 WHERE id = $1', [user.id, session.sessionToken]);
    setSessionCookie(request, reply, session);
    request.log.info({ userId: user.id }, 'logged in');
    return {
      user: toCurrentUser({ ...user, lastSessionToken: session.sessionToken }, session),
      baseUrl: baseUrlOf(request, config.publicUrl),
      ...(request.body.jwt ? { jwt: await signSessionJwt(session, config.jwtSecret, loginTime) } : {}),
    };
  });
}

const baseUrlOf = (request: FastifyRequest, publicUrl: string | undefined) => publicUrl ?? `${request.protocol}://${request.host}`;
