import { LoginResult, TokenLoginRequest } from '../../schemas/api/auth.ts';
import { guardLogin } from '../../server/http/login-limits.ts';
import { unauthorized } from '../../infra/errors.ts';
import type { App } from '../../server/http/zod.ts';
import { assertContractActive } from '../../infra/users/contract.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { hashOneTimeSecret } from '../../infra/auth/one-time-codes.ts';
import { startLoginSession } from './start-login-session.ts';

// POST /api/tokenLogin and POST /api/token-login {token} (spec 1 section 7): the login link that
// send-login-token mails (spec 3: users.login_token, shown as 'Link Expires' until
// login_token_expires; the row keeps the token's sha256). A link logs in once, before it expires: it is cleared as it is used, so a
// forwarded or leaked mail cannot open the account again. A token without an expiry never logs in.
// Failed tries lock the address out for a while (server/http/login-limits.ts): no account is named.

const loginFailed = () => unauthorized('Login failed');

export const tokenLoginPaths = ['/api/tokenLogin', '/api/token-login'] as const;

export function tokenLoginRoute(app: App): void {
  for (const url of tokenLoginPaths) {
    app.post(url, { schema: { body: TokenLoginRequest, response: { 200: LoginResult } } }, (request, reply) =>
      guardLogin(request, reply, null, async () => {
        const { sql, config, now } = app.deps;
        const loginTime = now();
        // The row holds the token's sha256 (migration 017), never the token.
        const tokenHash = hashOneTimeSecret(request.body.token);
        const [row] = await sql.query<{ id: number; password_missing: boolean }>(
          'SELECT id, password_hash IS NULL AS password_missing FROM users WHERE login_token = $1 AND active AND login_token_expires > $2',
          [tokenHash, loginTime.toISOString()],
        );
        const user = row ? await loadUser(sql, Number(row.id)) : null;
        if (!user) throw loginFailed();
        // The contract is checked before the link is spent: the link still works once the contract starts.
        assertContractActive(user, loginTime, config.contactEmail);
        // Of two logins racing with one link, only the one that clears it gets in.
        const spent = await sql.query('UPDATE users SET login_token = NULL, login_token_expires = NULL WHERE id = $1 AND login_token = $2 RETURNING id', [user.id, tokenHash]);
        if (spent.length === 0) throw loginFailed();
        const result = await startLoginSession(app, request, reply, { user, method: 'token', loginTime, jwt: false });
        // An invited user's first login: the browser asks for a password (POST /api/first-password).
        return row!.password_missing ? { ...result, needsPassword: true } : result;
      }),
    );
  }
}
