import { z } from 'zod';
import { clearSessionCookie } from '../../infra/http/auth.ts';
import type { App } from '../../infra/http/zod.ts';

// POST /api/logout forgets this browser's cookie. It answers OK without a session too, so a
// browser whose session already expired can always get back to the login screen.

export function logoutRoute(app: App): void {
  app.post('/api/logout', { schema: { body: z.strictObject({}).nullish(), response: { 200: z.strictObject({}) } } }, async (request, reply) => {
    clearSessionCookie(request, reply);
    if (request.auth) request.log.info({ userId: request.auth.userId }, 'logged out');
    return {};
  });
}
