import { createHash, randomBytes } from 'node:crypto';

// One-time secrets that a mail carries (issue 17): the login link's token and the password reset
// code. The mail holds the secret, the users row only its sha256 (hex), so a copy of the database
// opens no account. Both are single-use: the row is cleared as the secret is used.

/** An invitation or a login link: the relative may read the mail days later. */
export const LOGIN_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** A reset code: asked for on the login screen and typed in at once. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60_000;

/** 192 random bits, URL-safe: unguessable, so no rate limit is needed to protect it. */
export const newLoginToken = (): string => randomBytes(24).toString('base64url');

/** 60 random bits in 12 characters without look-alikes (no 0/O, 1/I/L), typed by hand from a mail. */
export function newPasswordResetCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Reset codes are compared without case or spaces: what a person types from a mail. */
export const normalizeResetCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

export const hashOneTimeSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
