import { Done, ResetPasswordRequest, SendPasswordResetEmailRequest, passwordResetCodeInvalid } from '../../schemas/api/invitations.ts';
import { Language } from '../../schemas/api/user.ts';
import { hashOneTimeSecret, newPasswordResetCode, normalizeResetCode, PASSWORD_RESET_LIFETIME_MS } from '../../infra/auth/one-time-codes.ts';
import { hashPassword } from '../../infra/auth/password.ts';
import { endSessionsOfUser } from '../../infra/auth/sessions.ts';
import { validationError } from '../../infra/errors.ts';
import { passwordResetMail } from '../../infra/mail/templates.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { mailLinkBase, requireMailer, sendMail } from './mail-links.ts';

// The login screen's reset modes (spec 1 section 4, spec 3 sections 4, 5 and 7), for anyone:
// send-password-reset-email {userNameOrEmail} mails a reset code (1 hour; a new request replaces
// the code) to the account's address, and reset-password {userNameOrEmail, passwordResetCode,
// password} sets the password with it, once. The request answers the same whether or not the
// account exists, so it tells no one which names or addresses have accounts. A wrong, spent or
// expired code is 'Password reset code invalid.' naming body.passwordResetCode. A reset ends every
// session of the user (DOMAIN.md section 4: a password change ends them everywhere). The code
// carries 60 random bits and lives an hour: guessing it is out of reach without a lockout.

/** Someone typing another's address again and again sends them one mail a minute at most. */
const RESET_MAIL_INTERVAL_MS = 60_000;

interface Account {
  id: number;
  name: string;
  email: string | null;
  first_name: string | null;
  language: string;
  time_zone: string | null;
}

/** By login name, else by e-mail address (case-insensitive); an address shared by several accounts names none. */
async function findAccount(sql: Queryable, userNameOrEmail: string): Promise<Account | null> {
  const columns = `id, name, email, first_name, language, config ->> 'timeZone' AS time_zone`;
  const [byName] = await sql.query<Account>(`SELECT ${columns} FROM users WHERE name = $1 AND active`, [userNameOrEmail]);
  if (byName) return byName;
  const byEmail = await sql.query<Account>(`SELECT ${columns} FROM users WHERE lower(email) = lower($1) AND active LIMIT 2`, [userNameOrEmail]);
  return byEmail.length === 1 ? byEmail[0]! : null;
}

export const sendPasswordResetEmailRequest = typedRequest({
  permission: 'Anyone (the login screen); answers the same whether or not the account exists.',
  effect: 'Mails the account a password reset code valid for 1 hour (at most one mail a minute).',
  body: SendPasswordResetEmailRequest,
  result: Done,
  async handle(request, body) {
    const { sql, now } = request.server.deps;
    const mailer = requireMailer(request);
    const account = await findAccount(sql, body.userNameOrEmail);
    if (!account?.email) return {};
    const email = account.email;
    const code = newPasswordResetCode();
    const expires = new Date(now().getTime() + PASSWORD_RESET_LIFETIME_MS);
    // At most one mail a minute per account: asking again at once mails nothing (and answers the same).
    const issuedRecently = new Date(expires.getTime() - RESET_MAIL_INTERVAL_MS).toISOString();
    await sql.transaction(async (tx) => {
      const issued = await tx.query(
        'UPDATE users SET password_reset_code_hash = $2, password_reset_expires = $3 WHERE id = $1 AND (password_reset_expires IS NULL OR password_reset_expires <= $4) RETURNING id',
        [account.id, hashOneTimeSecret(code), expires.toISOString(), issuedRecently],
      );
      if (issued.length === 0) return;
      const link = `${mailLinkBase(request)}/?resetUser=${encodeURIComponent(account.name)}&resetCode=${code}`;
      const language = Language.catch('fin').parse(account.language);
      await sendMail(request, mailer, passwordResetMail({ to: email, language, name: account.first_name || account.name, code, link, expires, timeZone: account.time_zone ?? 'Europe/Helsinki' }));
    });
    return {};
  },
});

const codeInvalid = () => validationError([{ path: 'body.passwordResetCode', message: passwordResetCodeInvalid }]);

export const resetPasswordRequest = typedRequest({
  permission: 'Anyone holding a valid reset code of the account.',
  effect: 'Sets the password with the code, once, and ends every session of the user.',
  body: ResetPasswordRequest,
  result: Done,
  async handle(request, body) {
    const { sql, now } = request.server.deps;
    const account = await findAccount(sql, body.userNameOrEmail);
    if (!account) throw codeInvalid();
    const at = now();
    const passwordHash = await hashPassword(body.password);
    const codeHash = hashOneTimeSecret(normalizeResetCode(body.passwordResetCode));
    await sql.transaction(async (tx) => {
      // Spent as it is used: of two resets racing with one code, one sets the password.
      const spent = await tx.query(
        `UPDATE users SET password_hash = $3, password_reset_code_hash = NULL, password_reset_expires = NULL
         WHERE id = $1 AND password_reset_code_hash = $2 AND password_reset_expires > $4 RETURNING id`,
        [account.id, codeHash, passwordHash, at.toISOString()],
      );
      if (spent.length === 0) throw codeInvalid();
      await endSessionsOfUser(tx, account.id, 'password-changed', at);
    });
    return {};
  },
});
