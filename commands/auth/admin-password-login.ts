import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginRequest, LoginResult } from '../../schemas/api/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { assertContractActive } from '../../infra/users/contract.ts';
import { findLoginCandidate, loadUser } from '../../infra/users/user-repository.ts';
import { checkCredentials, loginFailed } from './check-credentials.ts';
import { startLoginSession } from './start-login-session.ts';

// The admin-password login (spec 1 section 4; issue 17 item 5): an administrator helps a unit by
// logging in to it with their own name and password, without knowing or changing the unit's. Only
// a unit they administer (user_admins); anything else is the same 'Login failed' as a wrong
// password, so the form tells nobody which units exist or whom an administrator administers. The
// session carries the admin flag (no play logging, Track Clicks, not in reports) and is recorded
// in the audit log (start-login-session.ts).

export async function adminPasswordLogin(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  body: LoginRequest & { adminUsername: string },
): Promise<LoginResult> {
  const { sql, config, now } = app.deps;
  const adminUserId = await checkCredentials(sql, body.adminUsername, body.password);
  const unit = await findLoginCandidate(sql, body.username);
  if (!unit?.active) throw loginFailed();
  const administers = await sql.query('SELECT 1 FROM user_admins WHERE admin_user_id = $1 AND user_id = $2', [adminUserId, unit.id]);
  if (administers.length === 0) throw loginFailed();
  const user = await loadUser(sql, Number(unit.id));
  if (!user) throw loginFailed();
  const loginTime = now();
  assertContractActive(user, loginTime, config.contactEmail);
  return startLoginSession(app, request, reply, { user, method: 'password', loginTime, jwt: body.jwt === true, support: { adminUserId, via: 'admin-password' } });
}
