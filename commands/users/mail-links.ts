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

/** The service's address for links in mails: PUBLIC_URL behind a proxy, else the request's own. */
export const serviceUrl = (request: FastifyRequest): string => request.server.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

/** The login link of spec 1 section 7: the start-up parameter `token` logs in with it. */
export const loginLinkOf = (request: FastifyRequest, token: string): string => `${serviceUrl(request)}/?token=${encodeURIComponent(token)}`;

/** Gives the user a new login link (replacing any earlier one) and returns its token and expiry. */
export async function issueLoginToken(tx: Queryable, userId: number, now: Date): Promise<{ token: string; expires: Date }> {
  const token = newLoginToken();
  const expires = new Date(now.getTime() + LOGIN_TOKEN_LIFETIME_MS);
  await tx.query('UPDATE users SET login_token = $2, login_token_expires = $3 WHERE id = $1', [userId, hashOneTimeSecret(token), expires.toISOString()]);
  return { token, expires };
}

export function requireMailer(request: FastifyRequest): Mailer {
  const mailer = request.server.deps.mailer;
  if (!mailer) throw new AppError('InvalidRequest', 'Mail is not configured on this server');
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
