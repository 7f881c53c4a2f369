import type { Queryable } from '../../infra/sql/sql.ts';
import { settingDefaults, type Settings } from '../../schemas/api/settings.ts';

// A user's settings (reference data, table `settings`) as the API answers them: what GET
// /api/settings reads and what PUT /api/settings answers after a change.

/** The user's settings over the defaults (resultsCount '20', spec 3 section 9). */
export async function loadSettings(sql: Queryable, userId: number): Promise<Settings> {
  const rows = await sql.query<{ key: string; value: string }>('SELECT key, value FROM settings WHERE user_id = $1 ORDER BY key', [userId]);
  return { ...settingDefaults, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
}
