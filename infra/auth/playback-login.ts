import type { Session } from './session.ts';
import type { Queryable } from '../sql/sql.ts';
import { effectiveConfig } from '../users/user-repository.ts';

// Single playback login (spec 1 section 4): only the newest login of an account plays, unless the
// account allows several (allowMultiLogin) or the session is an admin-password login. The same
// rule answers ping's and last-play's tokenMatch and guards the audio stream.

export async function playbackTokenMatch(sql: Queryable, session: Session): Promise<boolean> {
  if (session.admin) return true;
  const [row] = await sql.query<{ last_session_token: string | null; config: unknown }>('SELECT last_session_token, config FROM users WHERE id = $1 AND active', [session.userId]);
  if (!row) return false;
  return effectiveConfig(row.config, false).allowMultiLogin || row.last_session_token === session.sessionToken;
}
