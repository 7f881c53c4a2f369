import type { FastifyRequest } from 'fastify';
import type { Mail, Mailer } from '../../infra/mail/mailer.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { hashOneTimeSecret, LOGIN_TOKEN_LIFETIME_MS, newLoginToken } from '../../infra/auth/one-time-codes.ts';
import { AppError, serviceUnavailable } from '../../infra/errors.ts';

// What the invitation, login-link and reset commands share: where links point and how a login
// link is issued. The mail is sent inside the caller's transaction, as its last step: a mail that
// cannot be sent rolls the change back (a failed invitation leaves no user behind). The only
// leftover possible is the reverse: a commit that fails after the mail went out leaves a mail
// whose link opens nothing.

/**
 * Where links in mails point: PUBLIC_URL, or on the embedded default the address it printed
 * (server/main.ts). Never the request's Host or X-Forwarded-Host: anyone can send those, and a
 * reset asked for with a forged Host would mail the account's genuine code inside a link to the
 * forger's site. A deployment without PUBLIC_URL sends no link mails at all.
 */
export function mailLinkBase(request: FastifyRequest): string {
  const { config, mailLinkUrl } = request.server.deps;
  const base = config.publicUrl ?? mailLinkUrl;
  if (base) return base;
  request.log.error('A mail with a link was not sent: PUBLIC_URL is not set. Set it to the address users open (docs/operations.md, "Mail").');
  throw serviceUnavailable('This server cannot mail links until its operator sets PUBLIC_URL. Nothing was saved.', { dependency: 'PUBLIC_URL' });
}

/** The login link of spec 1 section 7: the start-up parameter `token` logs in with it. */
export const loginLinkOf = (request: FastifyRequest, token: string): string => `${mailLinkBase(request)}/?token=${encodeURIComponent(token)}`;

/** Gives the user a new login link (replacing any earlier one) and returns its token and expiry. */
export async function issueLoginToken(tx: Queryable, userId: number, now: Date): Promise<{ token: string; expires: Date }> {
  const token = newLoginToken();
  const expires = new Date(now.getTime() + LOGIN_TOKEN_LIFETIME_MS);
  await tx.query('UPDATE users SET login_token = $2, login_token_expires = $3 WHERE id = $1', [userId, hashOneTimeSecret(token), expires.toISOString()]);
  return { token, expires };
}

/** The mailer, once it is sure the mail's link can be made: every mail sent here carries one. */
export function requireMailer(request: FastifyRequest): Mailer {
  const mailer = request.server.deps.mailer;
  if (!mailer) throw new AppError('InvalidRequest', 'Mail is not configured on this server');
  // Before anything is read or written: the answer is the same whichever account was named.
  mailLinkBase(request);
  return mailer;
}

/**
 * Sends, and logs what went wrong without the mail's secret before the caller's transaction rolls
 * back. A mail server that is down or refuses the mail is not the caller's fault and not a bug: a
 * 503 ServiceUnavailable tells the browser to try again later (nothing was written), not a 500.
 */
export async function sendMail(request: FastifyRequest, mailer: Mailer, mail: Mail): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    request.log.error({ err: error, mailer: mailer.kind, subject: mail.subject }, 'mail not sent');
    throw serviceUnavailable('The mail could not be sent. Nothing was saved; try again later.', { dependency: 'mail' });
  }
}
