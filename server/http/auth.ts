import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSessionLive } from '../../infra/auth/sessions.ts';
import { accessDenied, unauthorized } from '../../infra/errors.ts';
import { cookieKey, decodeSession, encodeSession, SESSION_LIFETIME_MS, verifySessionJwt, type Session } from '../../infra/auth/session.ts';

// Authentication: a signed http-only cookie, or an `Authorization: Bearer` JWT for clients that
// asked for one at login. Either only names a server-side session (infra/auth/sessions.ts): a
// valid signature is not enough, the session must still be live, so logout ends both at once.
// Authorisation is the route's job, through requireUser / requireAdminOf.

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, or null when the request carries no valid credentials. */
    auth: Session | null;
    /** The session's user has showOnlyPublicReport: read with the session, enforced by public-report-only.ts. */
    publicReportOnly: boolean;
  }
}

export const SESSION_COOKIE = 'sointu_session';

export interface AuthSecrets {
  cookieSecret: string;
  jwtSecret: string;
}

export const auth = fp(
  async (app: FastifyInstance) => {
    const secrets: AuthSecrets = app.deps.config;
    await app.register(fastifyCookie, { secret: cookieKey(secrets.cookieSecret) });
    app.decorateRequest('auth', null);
    app.decorateRequest('publicReportOnly', false);
    app.addHook('onRequest', async (request) => {
      const claimed = await readSession(request, secrets.jwtSecret);
      // Every request (the /ws upgrade too) asks the database: an ended session is refused at once.
      const live = claimed && (await isSessionLive(app.deps.sql, claimed, app.deps.now()));
      request.auth = live ? claimed : null;
      request.publicReportOnly = live ? live.publicReportOnly : false;
    });
  },
  { name: 'auth', dependencies: ['error-handling'], fastify: '5.x' },
);

async function readSession(request: FastifyRequest, jwtSecret: string): Promise<Session | null> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return verifySessionJwt(bearer, jwtSecret);
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? decodeSession(unsigned.value) : null;
}

/** Spec 1 section 9: secure and cross-site allowed when served over https; lax otherwise, since browsers drop SameSite=None without Secure. */
function cookieOptions(request: FastifyRequest) {
  const secure = request.protocol === 'https';
  return { path: '/', httpOnly: true, secure, sameSite: secure ? ('none' as const) : ('lax' as const) };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: Session): void {
  reply.setCookie(SESSION_COOKIE, encodeSession(session), {
    ...cookieOptions(request),
    signed: true,
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/**
 * A public-report session (POST /api/publicReportTokenLogin) may read only its public report
 * (spec 3 section 6): routes that serve it opt in with allowPublicReport, every other route
 * answers AccessDenied.
 */
export function requireUser(request: FastifyRequest, options: { allowPublicReport?: boolean } = {}): Session {
  if (!request.auth) throw unauthorized();
  if (request.auth.publicReport && !options.allowPublicReport) throw accessDenied();
  return request.auth;
}

/** The caller is `userId` or one of `userId`'s administrators (user_admins); otherwise AccessDenied. */
export async function requireAdminOf(request: FastifyRequest, userId: number): Promise<Session> {
  const session = requireUser(request);
  if (session.userId === userId) return session;
  const rows = await request.server.deps.sql.query('SELECT 1 FROM user_admins WHERE admin_user_id = $1 AND user_id = $2', [session.userId, userId]);
  if (rows.length === 0) throw accessDenied();
  return session;
}

/**
 * The caller administers other users (adminOfUsers not empty): their reports, accounts and messages,
 * nothing else (DOMAIN.md section 4).
 */
export async function requireAdministrator(request: FastifyRequest): Promise<Session> {
  const session = requireUser(request);
  const rows = await request.server.deps.sql.query('SELECT 1 FROM user_admins WHERE admin_user_id = $1 LIMIT 1', [session.userId]);
  if (rows.length === 0) throw accessDenied();
  return session;
}

/**
 * The caller is a service operator (users.operator): the whole warehouse's SQL, usage rules,
 * rebuilds and projection repair. Read on every request, so taking the role away takes effect at once.
 */
export async function requireOperator(request: FastifyRequest): Promise<Session> {
  const session = requireUser(request);
  const rows = await request.server.deps.sql.query('SELECT 1 FROM users WHERE id = $1 AND operator AND active', [session.userId]);
  if (rows.length === 0) throw accessDenied();
  return session;
}
