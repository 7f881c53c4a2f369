import { PutSettingRequest, settingDefaults, Settings } from '../../schemas/api/settings.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { loadSettings } from '../../domain/settings/settings.ts';

// PUT /api/settings: settings are reference data (DOMAIN.md section 1), so a change is a row
// update plus its audit row in `logging`, in one transaction. An unchanged value writes nothing
// (spec 1 section 5), not even an audit row.

export function putSettingRoute(app: App): void {
  app.put('/api/settings', { schema: { body: PutSettingRequest, response: { 200: Settings } } }, async (request) => {
    const { userId } = requireUser(request);
    const { key, value } = request.body;
    await app.deps.sql.transaction(async (tx) => {
      const [current] = await tx.query<{ value: string }>('SELECT value FROM settings WHERE user_id = $1 AND key = $2 FOR UPDATE', [userId, key]);
      if ((current?.value ?? (Object.hasOwn(settingDefaults, key) ? settingDefaults[key] : undefined)) === value) return;
      await tx.query(
        `INSERT INTO settings (user_id, key, value) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = now()`,
        [userId, key, value],
      );
      await tx.query('INSERT INTO logging ("table", action, user_id, old_data, new_data) VALUES ($1, $2, $3, $4, $5)', [
        'settings',
        current ? 'UPDATE' : 'INSERT',
        userId,
        current ? JSON.stringify({ userId, key, value: current.value }) : null,
        JSON.stringify({ userId, key, value }),
      ]);
      request.log.info({ userId, key }, 'setting changed');
    });
    return loadSettings(app.deps.sql, userId);
  });
}
