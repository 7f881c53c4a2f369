import { LoginRequest, LoginResult } from '../../schemas/api/auth.ts';
import { guardLogin } from '../../server/http/login-limits.ts';
import type { App } from '../../server/http/zod.ts';
import { assertContractActive } from '../../infra/users/contract.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { adminPasswordLogin } from './admin-password-login.ts';
import { checkCredentials, loginFailed } from './check-credentials.ts';
import { startLoginSession } from './start-login-session.ts';

// POST /api/login. A new login takes playback over from older ones (users.last_session_token,
// spec 1 section 4) and is recorded as LoggedIn in the user's usage stream. Failed logins lock the
// account name and the address out for a while (server/http/login-limits.ts). With adminUsername
// it is the admin-password login (admin-password-login.ts), limited by the administrator's name:
// that is whose password is being tried.

export function loginRoute(app: App): void {
  app.post('/api/login', { schema: { body: LoginRequest, response: { 200: LoginResult } } }, (request, reply) =>
    guardLogin(request, reply, request.body.adminUsername ?? request.body.username, async () => {
      if (request.body.adminUsername !== undefined) return adminPasswordLogin(app, request, reply, { ...request.body, adminUsername: request.body.adminUsername });
      const { sql, config, now } = app.deps;
      const user = await loadUser(sql, await checkCredentials(sql, request.body.username, request.body.password));
      if (!user) throw loginFailed();

      const loginTime = now();
      assertContractActive(user, loginTime, config.contactEmail);
      return startLoginSession(app, request, reply, { user, method: 'password', loginTime, jwt: request.body.jwt === true });
    }),
  );
}
