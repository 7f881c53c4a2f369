import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

// What a login grants, carried in the signed cookie or in the bearer JWT. The session token is
// compared with users.last_session_token so a newer login takes playback over (spec 1 section 4).

export const Session = z.object({
  userId: z.number().int().positive(),
  sessionToken: z.string().min(1),
  /** Set by an admin-password login: skips token checks and session alerts (spec 1 section 6). */
  admin: z.boolean(),
  /** A support login's administrator (issue 17 item 5): whom the audit log names for what it changes. */
  supportBy: z.number().int().positive().optional(),
  publicReport: z.boolean(),
  loginTime: z.iso.datetime({ offset: true }),
});
export type Session = z.infer<typeof Session>;

/** Spec 1 section 9: one year. */
export const SESSION_LIFETIME_MS = 31_536_000_000;

export const encodeSession = (session: Session): string => Buffer.from(JSON.stringify(session)).toString('base64url');

export function decodeSession(text: string): Session | null {
  try {
    const parsed = Session.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Spec 1 section 9: the signing key is padded or truncated to 32 characters. */
export const cookieKey = (secret: string): string => secret.padEnd(32, '0').slice(0, 32);

const jwtKey = (secret: string) => new TextEncoder().encode(secret);

export async function signSessionJwt(session: Session, secret: string, now: Date): Promise<string> {
  return new SignJWT({ session })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.userId))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor((now.getTime() + SESSION_LIFETIME_MS) / 1000))
    .sign(jwtKey(secret));
}

export async function verifySessionJwt(token: string, secret: string): Promise<Session | null> {
  try {
    const { payload } = await jwtVerify(token, jwtKey(secret), { algorithms: ['HS256'] });
    const parsed = Session.safeParse(payload.session);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
