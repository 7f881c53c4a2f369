import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessDenied } from '../../infra/errors.ts';

// Cross-site request forgery: over https the session cookie is SameSite=None (spec 1 section 9), so
// a page on another site could make the browser post to us with it. Browsers always send Origin on
// such requests and on a WebSocket upgrade, so a state-changing /api request or the /ws upgrade
// whose Origin is not our own is refused. A request without Origin (curl, server-to-server, tests)
// cannot carry a victim's cookie from another site and is let through.

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function checked(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/ws') return true;
  return stateChanging.has(request.method) && (pathname === '/api' || pathname.startsWith('/api/'));
}

/** The server's own origin: PUBLIC_URL when set, else what this request was addressed to. */
function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string | null {
  // No Host header (an injected socket, HTTP/1.0): nothing to compare an Origin with, so refuse it.
  if (!publicUrl && !request.host) return null;
  try {
    const origin = new URL(publicUrl ?? `${request.protocol ?? 'http'}://${request.host}`).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function originAllowed(origin: string, own: string | null): boolean {
  if (own === null) return false;
  try {
    // 'null' (sandboxed frames, file://) does not parse and is refused with the rest.
    return new URL(origin).origin === own;
  } catch {
    return false;
  }
}

export const originCheck = fp(
  async (app: FastifyInstance) => {
    const { publicUrl } = app.deps.config;
    app.addHook('onRequest', async (request) => {
      const origin = request.headers.origin;
      if (origin === undefined || !checked(request)) return;
      if (!originAllowed(origin, ownOrigin(request, publicUrl))) throw accessDenied();
    });
  },
  { name: 'origin-check', dependencies: ['error-handling'], fastify: '5.x' },
);
