import type { RecordedEvent } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { EventOf } from '../../schemas/events/index.ts';

// Per user: the explicit usage session that is open (started, not stopped) and the latest play,
// as a pure fold of the user's usage stream. The Postgres read model (projections/postgres/
// usage-session-state.ts) stores it; check-usage-session reads that row and folds the events
// after it (queries/usage/current-usage-session.ts), so both sides share this file.
//
// Sessions and plays are ordered by the browser's clock (`clientTime`), never by arrival: logs
// arrive late from offline browsers. A stop closes the session of the latest start at or before
// it (DOMAIN.md section 3, settled cases), so an older stop arriving after a newer start changes
// nothing, and a replayed event changes nothing. `streamVersion` is the last version of the
// user's usage stream folded in.

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

/** The events the fold reads, with the stream version they had. */
export type UsageSessionEvent = RecordedEvent<EventOf<'UsageSessionStarted' | 'UsageSessionStopped' | 'PlaySampled' | 'VideoActionLogged'>>;

export const usageSessionEventTypes = ['UsageSessionStarted', 'UsageSessionStopped', 'PlaySampled', 'VideoActionLogged'] as const;

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
      // Not older than the latest start: by client time it belongs to that start, whatever session
      // id an older client wrote into it.
      return { ...next, openSession: null, lastSessionChange: { at, kind: 'stop' } };
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

export interface UsageSessionStateRow {
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

export const toUsageSessionState = (row: UsageSessionStateRow): UsageSessionState => ({
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

export const usageSessionStateColumns = `user_id, stream_version, session_id::text AS session_id, session_start, resident_ids, activity_ids, outdoors,
  last_change_at, last_change_kind, last_play_at`;

/** The projected state of one user, or null when the projection has not seen the user (or has not been set up yet). */
export async function getUsageSessionState(db: Queryable, userId: number): Promise<UsageSessionState | null> {
  try {
    const [row] = await db.query<UsageSessionStateRow>(`SELECT ${usageSessionStateColumns} FROM ${usageSessionStateTable} WHERE user_id = $1`, [userId]);
    return row ? toUsageSessionState(row) : null;
  } catch (error) {
    // 42P01: the runner creates the table on its first pass; until then the stream alone answers.
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}
