import { Done, ResetPasswordRequest, SendPasswordResetEmailRequest, passwordResetCodeInvalid } from '../../schemas/api/invitations.ts';
import { Language } from '../../schemas/api/user.ts';
import { hashOneTimeSecret, newPasswordResetCode, normalizeResetCode, PASSWORD_RESET_LIFETIME_MS } from '../../infra/auth/one-time-codes.ts';
import { hashPassword } from '../../infra/auth/password.ts';
import { endSessionsOfUser } from '../../infra/auth/sessions.ts';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../infra/errors.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { passwordResetMail } from '../../infra/mail/templates.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { mailLinkBase, requireMailer, sendMail } from './mail-links.ts';

// The login screen's reset modes (spec 1 section 4, spec 3 sections 4, 5 and 7), for anyone:
// send-password-reset-email {userNameOrEmail} mails a reset code (1 hour; a new request replaces
// the code) to the account's address, and reset-password {userNameOrEmail, passwordResetCode,
// password} sets the password with it, once. The request answers the same whether or not the
// account exists, and before looking: everything after the answer happens in the mail queue, so
// neither the answer nor its duration tells anyone which names or addresses have accounts. A wrong, spent or
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
  effect: 'Mails the account a password reset code valid for 1 hour (at most one mail a minute), after answering.',
  body: SendPasswordResetEmailRequest,
  result: Done,
  async handle(request, body) {
    // Only what is the same for every name happens before the answer: whether this server can
    // mail links at all. The lookup, the stored code and the mail run after it, in the mail queue
    // (server/http/mail-queue.ts), so the answer and its time tell no one whether the account
    // exists (issue 37). A mail that then fails is logged and its code rolled back; the answer
    // was already the same one anyway.
    const mailer = requireMailer(request);
    const { userNameOrEmail } = body;
    request.server.mailQueue.add(() => mailResetCode(request, mailer, userNameOrEmail).catch((error: unknown) => {
      // sendMail logged a mail failure already; anything else (the database) is logged here.
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'password reset mail not sent');
    }));
    return {};
  },
});

async function mailResetCode(request: FastifyRequest, mailer: Mailer, userNameOrEmail: string): Promise<void> {
  const { sql, now } = request.server.deps;
  const account = await findAccount(sql, userNameOrEmail);
  if (!account?.email) return;
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
}

const codeInvalid = () => validationError([{ path: 'body.passwordResetCode', message: passwordResetCodeInvalid }]);

export const resetPasswordRequest = typedRequest({
  permission: 'Anyone holding a valid reset code of the account.',
  effect: 'Sets the password with the code, once, and ends every session of the user.',
  body: ResetPasswordRequest,
  result: Done,
  async handle(request, body) {
    const { sql, now } = request.server.deps;
    const at = now();
    const codeHash = hashOneTimeSecret(normalizeResetCode(body.passwordResetCode));
    // The slow password hash only for a code that holds: an unknown account and a known one with
    // a wrong code answer alike, and as fast (issue 37), so a wrong guess tells nothing either.
    const account = await findAccount(sql, body.userNameOrEmail);
    const [holds] = account
      ? await sql.query('SELECT 1 FROM users WHERE id = $1 AND password_reset_code_hash = $2 AND password_reset_expires > $3', [account.id, codeHash, at.toISOString()])
      : [];
    if (!account || !holds) throw codeInvalid();
    const passwordHash = await hashPassword(body.password);
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
