import type { Queryable } from '../../infra/sql/sql.ts';
import { postgresProjector, type ProjectedEvent } from '../engine/projector.ts';
import { readModelViews } from '../engine/read-model.ts';

// Per user: the latest login (its session token decides which login may play: single playback
// login) and the latest play with the login it happened under (GET /api/last-play, the
// "played within 10 minutes by another session" check).
//
// Logins are ordered by the server's clock (`receivedAt`: the server decides which login is the
// newest); plays by the browser's (`clientTime`), since samples may arrive late from offline
// browsers. A value only moves forward, so an older event replayed or arriving late never
// overwrites a newer one. The batch is folded in log order in memory and written with one
// statement, so the result does not depend on how the log was cut into batches.

/** The stable name queries read (a view of the serving version's table). */
export const lastActivityTable = 'last_activity';

export interface LastActivity {
  userId: number;
  lastLoginAt: Date | null;
  lastSessionToken: string | null;
  lastPlayAt: Date | null;
  lastPlaySessionToken: string | null;
}

interface Row {
  user_id: number | string;
  last_login_at: Date | null;
  last_session_token: string | null;
  last_play_at: Date | null;
  last_play_session_token: string | null;
}

const toActivity = (row: Row): LastActivity => ({
  userId: Number(row.user_id),
  lastLoginAt: row.last_login_at ? new Date(row.last_login_at) : null,
  lastSessionToken: row.last_session_token,
  lastPlayAt: row.last_play_at ? new Date(row.last_play_at) : null,
  lastPlaySessionToken: row.last_play_session_token,
});

/** Evolves one user's row by one event; pure, so replaying an old event changes nothing. */
export function evolveLastActivity(state: LastActivity, event: ProjectedEvent<'LoggedIn' | 'PlaySampled'>): LastActivity {
  switch (event.type) {
    case 'LoggedIn': {
      const at = new Date(event.data.receivedAt);
      if (state.lastLoginAt && state.lastLoginAt > at) return state;
      return { ...state, lastLoginAt: at, lastSessionToken: event.data.sessionToken };
    }
    case 'PlaySampled': {
      const at = new Date(event.data.clientTime);
      if (state.lastPlayAt && state.lastPlayAt > at) return state;
      // The sample carries no token: it belongs to the login current when it entered the log.
      return { ...state, lastPlayAt: at, lastPlaySessionToken: state.lastSessionToken };
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** Version `version` of the read model, in its own table `rm_last_activity_v<version>_users`. */
export const createLastActivityProjector = (version: number) => {
  const { tables: { users: table }, views } = readModelViews({ name: 'last-activity', version }, { users: { view: lastActivityTable, suffix: 'users' } });
  return postgresProjector({
    name: 'last-activity',
    version,
    handles: ['LoggedIn', 'PlaySampled'],
    views,
    // The last login and the last play are all it keeps; the rest of a usage stream says neither.
    ignores: ['VideoActionLogged', 'UsageSessionStarted', 'UsageSessionStopped', 'MessageItemActionLogged', 'ButtonActionLogged', 'SearchLogged', 'ClientVersionReported'],

    async setup(sql) {
      await sql.exec(`CREATE TABLE IF NOT EXISTS ${table} (
        user_id bigint PRIMARY KEY,
        last_login_at timestamptz,
        last_session_token text,
        last_play_at timestamptz,
        last_play_session_token text
      )`);
    },

    async apply(tx, events) {
      const userIds = [...new Set(events.map((e) => e.data.userId))];
      // FOR UPDATE: a second runner on the same rows waits, and then fails its checkpoint check.
      const rows = await tx.query<Row>(`SELECT * FROM ${table} WHERE user_id = ANY($1::bigint[]) FOR UPDATE`, [userIds]);
      const states = new Map(rows.map((row) => [Number(row.user_id), toActivity(row)]));
      for (const event of events) {
        const userId = event.data.userId;
        const state = states.get(userId) ?? { userId, lastLoginAt: null, lastSessionToken: null, lastPlayAt: null, lastPlaySessionToken: null };
        states.set(userId, evolveLastActivity(state, event));
      }
      const next = [...states.values()];
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      await tx.query(
        `INSERT INTO ${table} (user_id, last_login_at, last_session_token, last_play_at, last_play_session_token)
         SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::timestamptz[], $5::text[])
         ON CONFLICT (user_id) DO UPDATE SET
           last_login_at = EXCLUDED.last_login_at, last_session_token = EXCLUDED.last_session_token,
           last_play_at = EXCLUDED.last_play_at, last_play_session_token = EXCLUDED.last_play_session_token`,
        [next.map((s) => s.userId), next.map((s) => iso(s.lastLoginAt)), next.map((s) => s.lastSessionToken), next.map((s) => iso(s.lastPlayAt)), next.map((s) => s.lastPlaySessionToken)],
      );
    },
  });
};

export const lastActivityProjector = createLastActivityProjector(1);

/** The read side used by login, ping and GET /api/last-play. */
export async function getLastActivity(db: Queryable, userId: number): Promise<LastActivity | null> {
  const [row] = await db.query<Row>(`SELECT * FROM ${lastActivityTable} WHERE user_id = $1`, [userId]);
  return row ? toActivity(row) : null;
}
