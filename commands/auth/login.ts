import { randomBytes } from 'node:crypto';
import { LoginRequest, LoginResult } from '../../schemas/api/auth.ts';
import { guardLogin } from '../../server/http/login-limits.ts';
import { hashPassword, verifyPassword } from '../../infra/auth/password.ts';
import { unauthorized } from '../../infra/errors.ts';
import type { App } from '../../server/http/zod.ts';
import { assertContractActive } from '../../infra/users/contract.ts';
import { findLoginCandidate, loadUser } from '../../infra/users/user-repository.ts';
import { startLoginSession } from './start-login-session.ts';

// POST /api/login. A new login takes playback over from older ones (users.last_session_token,
// spec 1 section 4) and is recorded as LoggedIn in the user's usage stream. Failed logins lock the
// account name and the address out for a while (server/http/login-limits.ts).

const loginFailed = () => unauthorized('Login failed');

// Unknown user names still pay for one hash check, so timing does not tell which names exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function loginRoute(app: App): void {
  app.post('/api/login', { schema: { body: LoginRequest, response: { 200: LoginResult } } }, (request, reply) =>
    guardLogin(request, reply, request.body.username, async () => {
      const { sql, config, now } = app.deps;
      const candidate = await findLoginCandidate(sql, request.body.username);
      const passwordOk = await verifyPassword(candidate?.passwordHash ?? (await decoy()), request.body.password);
      if (!candidate || !candidate.active || !passwordOk) throw loginFailed();
      const user = await loadUser(sql, candidate.id);
      if (!user) throw loginFailed();

      const loginTime = now();
      assertContractActive(user, loginTime, config.contactEmail);
      return startLoginSession(app, request, reply, { user, method: 'password', loginTime, jwt: request.body.jwt === true });
    }),
  );
}
