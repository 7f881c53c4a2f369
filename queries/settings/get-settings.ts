import { Settings } from '../../schemas/api/settings.ts';
import { z } from 'zod';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { loadSettings } from '../../domain/settings/settings.ts';

// GET /api/settings: the caller's settings over the defaults.
export function getSettingsRoute(app: App): void {
  app.get('/api/settings', { schema: { querystring: z.strictObject({}), response: { 200: Settings } } }, async (request) => {
    const session = requireUser(request);
    return loadSettings(app.deps.sql, session.userId);
  });
}
