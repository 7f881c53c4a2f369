import { Done, FirstPasswordRequest } from '../../schemas/api/invitations.ts';
import { hashPassword } from '../../infra/auth/password.ts';
import { accessDenied } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// POST /api/first-password {password} (issue 17 deliverable 2): an invited user, logged in by
// their login link, chooses their password. Only while the account has none: once a password is
// set, changing it is set-password's (an administrator, or the user with passwordChange), and a
// forgotten one is reset with a mailed code. The session that set it stays open.

export function firstPasswordRoute(app: App): void {
  app.post('/api/first-password', { schema: { body: FirstPasswordRequest, response: { 200: Done } } }, async (request) => {
    const { userId } = requireUser(request);
    const passwordHash = await hashPassword(request.body.password);
    const set = await app.deps.sql.query('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash IS NULL AND active RETURNING id', [userId, passwordHash]);
    if (set.length === 0) throw accessDenied('The password is already set');
    return {};
  });
}
