import type { Queryable } from '../../infra/sql/sql.ts';
import { postgresProjector, type ProjectedEvent } from '../engine/projector.ts';
import { readModelViews } from '../engine/read-model.ts';

// Per user: the explicit usage session that is open (started, not stopped) and the latest play.
// Read by check-usage-session and by the stopSession page, which must name the open session.
//
// Sessions and plays are ordered by the browser's clock (`clientTime`): logs arrive late from
// offline browsers, so a late, older start never reopens a session a newer stop closed, and a
// replayed event changes nothing. `streamVersion` is the last version of the user's usage stream
// folded in: a reader folds the events after it from the stream itself, so it is never behind
// the log even while this projection lags (commands/usage/current-usage-session.ts).

/** The stable name queries read (a view of the serving version's table). */
export const usageSessionStateTable = 'usage_session_state';

export interface OpenSession {
  sessionId: string;
  startTime: Date;
  residentIds: number[];
  activityIds: number[];
  outdoors: boolean;
}

export interface UsageSessionState {
  userId: number;
  /** Version of the latest event of `usage-{userId}` folded in; -1 for none. */
  streamVersion: number;
  openSession: OpenSession | null;
  /** The latest start or stop (client time): an older one arriving later is ignored. */
  lastSessionChange: { at: Date; kind: 'start' | 'stop' } | null;
  lastPlayAt: Date | null;
}

export type UsageSessionEvent = ProjectedEvent<'UsageSessionStarted' | 'UsageSessionStopped' | 'PlaySampled' | 'VideoActionLogged'>;

export const emptyUsageSessionState = (userId: number): UsageSessionState => ({
  userId,
  streamVersion: -1,
  openSession: null,
  lastSessionChange: null,
  lastPlayAt: null,
});

/** At the same client time a stop wins over a start, so replaying either never reopens a session. */
const isOlder = (at: Date, kind: 'start' | 'stop', last: UsageSessionState['lastSessionChange']) =>
  last !== null && (at < last.at || (at.getTime() === last.at.getTime() && kind === 'start' && last.kind === 'stop'));

/** Pure: the state after one event of the user's usage stream. */
export function evolveUsageSessionState(state: UsageSessionState, event: UsageSessionEvent): UsageSessionState {
  const next = { ...state, streamVersion: Math.max(state.streamVersion, event.streamVersion) };
  const at = new Date(event.data.clientTime);
  switch (event.type) {
    case 'UsageSessionStarted': {
      if (isOlder(at, 'start', state.lastSessionChange)) return next;
      const { sessionId, residentIds, activityIds, outdoors } = event.data;
      return { ...next, openSession: { sessionId, startTime: at, residentIds, activityIds, outdoors }, lastSessionChange: { at, kind: 'start' } };
    }
    case 'UsageSessionStopped': {
      if (isOlder(at, 'stop', state.lastSessionChange)) return next;
      const closes = event.data.sessionId === null || event.data.sessionId === state.openSession?.sessionId;
      return { ...next, openSession: closes ? null : state.openSession, lastSessionChange: { at, kind: 'stop' } };
    }
    case 'PlaySampled':
    case 'VideoActionLogged':
      return state.lastPlayAt && state.lastPlayAt >= at ? next : { ...next, lastPlayAt: at };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

interface Row {
  user_id: number | string;
  stream_version: number | string;
  session_id: string | null;
  session_start: Date | string | null;
  resident_ids: number[] | null;
  activity_ids: number[] | null;
  outdoors: boolean | null;
  last_change_at: Date | string | null;
  last_change_kind: 'start' | 'stop' | null;
  last_play_at: Date | string | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const toState = (row: Row): UsageSessionState => ({
  userId: Number(row.user_id),
  streamVersion: Number(row.stream_version),
  openSession: row.session_id
    ? {
        sessionId: row.session_id,
        startTime: new Date(row.session_start!),
        residentIds: (row.resident_ids ?? []).map(Number),
        activityIds: (row.activity_ids ?? []).map(Number),
        outdoors: row.outdoors ?? false,
      }
    : null,
  lastSessionChange: row.last_change_at && row.last_change_kind ? { at: new Date(row.last_change_at), kind: row.last_change_kind } : null,
  lastPlayAt: date(row.last_play_at),
});

const columns = `user_id, stream_version, session_id::text AS session_id, session_start, resident_ids, activity_ids, outdoors,
  last_change_at, last_change_kind, last_play_at`;

/** Version `version` of the read model, in its own table `rm_usage_session_state_v<version>_users`. */
export const createUsageSessionStateProjector = (version: number) => {
  const { tables: { users: table }, views } = readModelViews({ name: 'usage-session-state', version }, { users: { view: usageSessionStateTable, suffix: 'users' } });
  return postgresProjector({
  name: 'usage-session-state',
  version,
  handles: ['UsageSessionStarted', 'UsageSessionStopped', 'PlaySampled', 'VideoActionLogged'],
  views,
  // A session opens, closes and stays alive by plays; logins, clicks and searches do not touch it.
  ignores: ['LoggedIn', 'MessageItemActionLogged', 'ButtonActionLogged', 'SearchLogged', 'ClientVersionReported'],

  async setup(sql) {
    await sql.exec(`CREATE TABLE IF NOT EXISTS ${table} (
      user_id bigint PRIMARY KEY,
      stream_version bigint NOT NULL,
      session_id uuid,
      session_start timestamptz,
      resident_ids jsonb,
      activity_ids jsonb,
      outdoors boolean,
      last_change_at timestamptz,
      last_change_kind text CHECK (last_change_kind IN ('start', 'stop')),
      last_play_at timestamptz
    )`);
  },

  // One read and one write per batch, whatever its size: play samples arrive by the thousand.
  async apply(tx, events) {
    const userIds = [...new Set(events.map((e) => e.data.userId))];
    const rows = await tx.query<Row>(`SELECT ${columns} FROM ${table} WHERE user_id = ANY($1::bigint[]) FOR UPDATE`, [userIds]);
    const states = new Map(rows.map((row) => [Number(row.user_id), toState(row)]));
    for (const event of events) {
      const userId = event.data.userId;
      states.set(userId, evolveUsageSessionState(states.get(userId) ?? emptyUsageSessionState(userId), event));
    }
    const next = [...states.values()].map((s) => ({
      user_id: s.userId,
      stream_version: s.streamVersion,
      session_id: s.openSession?.sessionId ?? null,
      session_start: s.openSession?.startTime.toISOString() ?? null,
      resident_ids: s.openSession?.residentIds ?? null,
      activity_ids: s.openSession?.activityIds ?? null,
      outdoors: s.openSession?.outdoors ?? null,
      last_change_at: s.lastSessionChange?.at.toISOString() ?? null,
      last_change_kind: s.lastSessionChange?.kind ?? null,
      last_play_at: s.lastPlayAt?.toISOString() ?? null,
    }));
    await tx.query(
      `INSERT INTO ${table}
         (user_id, stream_version, session_id, session_start, resident_ids, activity_ids, outdoors, last_change_at, last_change_kind, last_play_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(user_id bigint, stream_version bigint, session_id uuid, session_start timestamptz,
         resident_ids jsonb, activity_ids jsonb, outdoors boolean, last_change_at timestamptz, last_change_kind text, last_play_at timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET
         stream_version = EXCLUDED.stream_version, session_id = EXCLUDED.session_id, session_start = EXCLUDED.session_start,
         resident_ids = EXCLUDED.resident_ids, activity_ids = EXCLUDED.activity_ids, outdoors = EXCLUDED.outdoors,
         last_change_at = EXCLUDED.last_change_at, last_change_kind = EXCLUDED.last_change_kind, last_play_at = EXCLUDED.last_play_at`,
      [JSON.stringify(next)],
    );
  },
  });
};

export const usageSessionStateProjector = createUsageSessionStateProjector(1);

/** The projected state of one user, or null when the projection has not seen the user (or has not been set up yet). */
export async function getUsageSessionState(db: Queryable, userId: number): Promise<UsageSessionState | null> {
  try {
    const [row] = await db.query<Row>(`SELECT ${columns} FROM ${usageSessionStateTable} WHERE user_id = $1`, [userId]);
    return row ? toState(row) : null;
  } catch (error) {
    // 42P01: the runner creates the table on its first pass; until then the stream alone answers.
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}
