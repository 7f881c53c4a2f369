import { settingDefaults, Settings } from '../../schemas/api/settings.ts';
import { z } from 'zod';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';

/** The user's settings over the defaults (resultsCount '20', spec 3 section 9). */
export async function getSettings(sql: Queryable, userId: number): Promise<Settings> {
  const rows = await sql.query<{ key: string; value: string }>('SELECT key, value FROM settings WHERE user_id = $1 ORDER BY key', [userId]);
  return { ...settingDefaults, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
}

export function getSettingsRoute(app: App): void {
  app.get('/api/settings', { schema: { querystring: z.strictObject({}), response: { 200: Settings } } }, async (request) => {
    const session = requireUser(request);
    return getSettings(app.deps.sql, session.userId);
  });
}
