import { z } from 'zod';
import { endSession } from '../../infra/auth/sessions.ts';
import { clearSessionCookie } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// POST /api/logout ends the caller's session on the server (DOMAIN.md section 4), so the same
// cookie or any JWT of that login is refused afterwards even if it was copied, and forgets this
// browser's cookie. It answers OK without a session too, so a browser whose session already
// ended can always get back to the login screen.

export function logoutRoute(app: App): void {
  app.post('/api/logout', { schema: { body: z.strictObject({}).nullish(), response: { 200: z.strictObject({}) } } }, async (request, reply) => {
    if (request.auth) {
      await endSession(app.deps.sql, request.auth.sessionToken, 'logout', app.deps.now());
      app.live.endSession(request.auth.userId, request.auth.sessionToken);
      request.log.info({ userId: request.auth.userId }, 'logged out');
    }
    clearSessionCookie(request, reply);
    return {};
  });
}
