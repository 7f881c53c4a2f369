import { LastPlayResponse } from '../../schemas/api/library.ts';
import { playbackTokenMatch } from '../../infra/auth/playback-login.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { effectiveConfig } from '../../infra/users/user-repository.ts';
import { getLastActivity } from '../../projections/postgres/last-activity.ts';

// GET /api/last-play (spec 1 sections 4 and 9): asked right after a login. When another login of
// the same account played within the last 10 minutes, the browser asks whether to take playback
// over (declined: it logs out). Plays come from the last-activity read model (play-log samples).

const recentPlayWindowMs = 10 * 60 * 1000;

export function getLastPlayRoute(app: App): void {
  app.get('/api/last-play', { schema: { response: { 200: LastPlayResponse } } }, async (request) => {
    const session = requireUser(request);
    const { sql, now } = app.deps;
    const tokenMatch = await playbackTokenMatch(sql, session);
    // Nobody's playback is cut short for an admin-password login or an account that allows several logins.
    if (session.admin || (await allowsMultiLogin(app, session.userId))) return { tokenMatch, lastPlay: null };
    const activity = await getLastActivity(sql, session.userId);
    const lastPlayAt = activity?.lastPlayAt;
    const byAnotherLogin = activity?.lastPlaySessionToken !== session.sessionToken;
    const recent = !!lastPlayAt && now().getTime() - lastPlayAt.getTime() <= recentPlayWindowMs;
    return { tokenMatch, lastPlay: recent && byAnotherLogin ? lastPlayAt.toISOString() : null };
  });
}

async function allowsMultiLogin(app: App, userId: number): Promise<boolean> {
  const [row] = await app.deps.sql.query<{ config: unknown }>('SELECT config FROM users WHERE id = $1', [userId]);
  return effectiveConfig(row?.config ?? {}, false).allowMultiLogin;
}
