import {
  emptyUsageSessionState,
  evolveUsageSessionState,
  toUsageSessionState,
  usageSessionEventTypes,
  usageSessionStateColumns,
  usageSessionStateTable,
  type UsageSessionStateRow,
} from '../../domain/usage/usage-session-state.ts';
import { postgresProjector } from '../engine/projector.ts';
import { readModelViews } from '../engine/read-model.ts';

// The read model of the usage session state (the fold itself is domain/usage/usage-session-state.ts):
// one row per user with the open explicit session and the latest play. Read by check-usage-session,
// which folds the events after the row's `streamVersion` (queries/usage/current-usage-session.ts).

/** Version `version` of the read model, in its own table `rm_usage_session_state_v<version>_users`. */
export const createUsageSessionStateProjector = (version: number) => {
  const { tables: { users: table }, views } = readModelViews({ name: 'usage-session-state', version }, { users: { view: usageSessionStateTable, suffix: 'users' } });
  return postgresProjector({
    name: 'usage-session-state',
    version,
    handles: usageSessionEventTypes,
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
      const rows = await tx.query<UsageSessionStateRow>(`SELECT ${usageSessionStateColumns} FROM ${table} WHERE user_id = ANY($1::bigint[]) FOR UPDATE`, [userIds]);
      const states = new Map(rows.map((row) => [Number(row.user_id), toUsageSessionState(row)]));
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
