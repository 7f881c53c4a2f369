import { LoginAsUserRequest, LoginAsUserResult } from '../../schemas/api/auth.ts';
import { accessDenied } from '../../infra/errors.ts';
import { assertContractActive } from '../../infra/users/contract.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { startLoginSession } from './start-login-session.ts';

// login-as-user {userId} -> {jwt} (spec 3 section 7; issue 17 item 5): an administrator opens a
// support session in an account they administer, to see what its user sees. The answer is only a
// bearer token: the caller's own cookie session stays theirs. The session has the admin flag (no
// play logging, not in reports, the user's playback left alone) and is recorded in the audit log.
// A support session cannot open another one, so an administrator's reach is never more than
// their own adminOfUsers; an unknown, removed or unadministered user is AccessDenied alike.

export const loginAsUserRequest = typedRequest({
  body: LoginAsUserRequest,
  result: LoginAsUserResult,
  permission: 'An administrator of the user, from their own session (not from a support session).',
  effect: 'Answers a jwt for a support session in the user\'s account (admin flag: no play logging, not in reports); the caller\'s own session stays; recorded in the audit log.',
  async handle(request, body) {
    const caller = requireUser(request);
    if (caller.admin) throw accessDenied('A support login cannot open another');
    const { sql, config, now } = request.server.deps;
    const [administered] = await sql.query('SELECT 1 FROM user_admins a JOIN users u ON u.id = a.user_id WHERE a.admin_user_id = $1 AND a.user_id = $2 AND u.active', [caller.userId, body.userId]);
    if (!administered) throw accessDenied();
    const user = await loadUser(sql, body.userId);
    if (!user) throw accessDenied();
    const loginTime = now();
    assertContractActive(user, loginTime, config.contactEmail);
    const result = await startLoginSession(request.server, request, null, { user, method: 'token', loginTime, jwt: true, support: { adminUserId: caller.userId, via: 'login-as-user' } });
    if (!result.jwt) throw new Error('A support login answered without its jwt');
    return { jwt: result.jwt };
  },
});
