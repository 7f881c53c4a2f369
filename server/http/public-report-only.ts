import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessDenied } from '../../infra/errors.ts';

// A user whose config has showOnlyPublicReport reaches only their public report (spec 3 sections
// 3 and 6), whether they came by the rtoken or logged in with a password. Hiding the other pages in
// the browser is not enough: a password session carries a full cookie, so the server refuses every
// other /api route and the live channel here, in one place, rather than in each route.

/**
 * What the public report page needs (web/features/public-report and the shell around it): the
 * user load, the connectivity ping, the report itself, and getting out or back in. Route patterns
 * as Fastify registers them.
 */
export const publicReportRoutes: ReadonlySet<string> = new Set([
  'GET /api/',
  'GET /api/ping',
  'GET /api/public-usage/:id/:first/:last',
  'POST /api/logout',
  'POST /api/login',
  'POST /api/token-login',
  'POST /api/tokenLogin',
  'POST /api/publicReportTokenLogin',
]);

const routeKey = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? ''}`;

const guarded = (request: FastifyRequest): boolean => {
  const pathname = request.url.split('?')[0] ?? '';
  return pathname === '/ws' || pathname === '/api' || pathname.startsWith('/api/');
};

/** After auth (request.auth is read by then) and before the routes. */
export const publicReportOnly = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const session = request.auth;
      // No session: the route answers Unauthorized itself. The flag came with the session check
      // (auth.ts), so a change takes effect at the next request. A token session is already limited by
      // requireUser's allowPublicReport opt-in; it is refused here too so both kinds share one list.
      if (!session || !guarded(request) || publicReportRoutes.has(routeKey(request))) return;
      if (session.publicReport || request.publicReportOnly) throw accessDenied();
    });
  },
  { name: 'public-report-only', dependencies: ['auth'], fastify: '5.x' },
);
