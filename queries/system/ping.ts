import { PingQuery, PingResponse } from '../../schemas/api/ping.ts';
import { unauthorized } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { effectiveConfig } from '../../infra/users/user-repository.ts';

// GET /api/ping, every 5 s from each open browser: connectivity, single playback login
// (tokenMatch) and the administrator's force-reload and interface-state requests.

export function pingRoute(app: App): void {
  app.get('/api/ping', { schema: { querystring: PingQuery.strict(), response: { 200: PingResponse } } }, async (request) => {
    const session = requireUser(request, { allowPublicReport: true });
    // A public-report visitor only needs the connectivity answer: it never plays, and the unit's
    // session token and interface state are not theirs to see.
    if (session.publicReport) return { forceReload: false, tokenMatch: true, lastSessionToken: null, state: null };
    const [row] = await app.deps.sql.query<{ last_session_token: string | null; force_reload: boolean; ui_state: unknown; config: unknown }>(
      `SELECT last_session_token, force_reload, ui_state, config
       FROM users WHERE id = $1 AND active`,
      [session.userId],
    );
    if (!row) throw unauthorized();
    return {
      forceReload: row.force_reload && (await takeForceReload(app, session.userId)),
      tokenMatch: session.admin || effectiveConfig(row.config, false).allowMultiLogin || row.last_session_token === session.sessionToken,
      lastSessionToken: row.last_session_token,
      state: row.ui_state ?? null,
    };
  });
}

/** Cleared as it is delivered (once, to one browser): left set, the reloaded page would reload again forever. */
async function takeForceReload(app: App, userId: number): Promise<boolean> {
  const taken = await app.deps.sql.query('UPDATE users SET force_reload = false WHERE id = $1 AND force_reload RETURNING id', [userId]);
  return taken.length > 0;
}
