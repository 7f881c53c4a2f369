import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { UsageReportParams, UsageSessions, UsageSessionsQuery, type UsageSession, type UsageType } from '../../schemas/api/usage-report.ts';
import { authorizeUserReport, currentUsageWarehouse, reportPeriod, type ReportPeriod, type UsageWarehouse } from './report-scope.ts';
import { audioFileNames, isoFromClickHouse, roundSeconds } from './warehouse-values.ts';

// GET /api/usage-sessions/{userId}/{first}/{last}?showShortSessions&residentId: the session list
// and detailed session table of spec 3 section 2. Per session its start, end, duration, usage by
// type, participants, activities and outdoors, and per play Program, Program Type, Time, Length,
// Pause and possible length. Short sessions and sessions without an end are listed only with
// showShortSessions=true; residentId keeps the sessions that resident took part in.

interface SessionRow {
  session_id: string;
  kind: 'explicit' | 'implicit';
  local_day: string;
  start_text: string;
  end_text: string | null;
  length: number | null;
  short: boolean | number;
  resident_ids: number[];
  activity_ids: number[];
  outdoors: boolean | number;
  guided_seconds: number;
  continuous_music_seconds: number;
  continuous_programs_seconds: number;
  other_seconds: number;
}

interface PlayRow {
  session_id: string;
  item_type: string;
  audio_file_id: number;
  content_type: string | null;
  usage_type: UsageType;
  start_time: string;
  length: number;
  pause_before: number;
  possible_length: number | null;
}

export interface SessionFilter {
  showShortSessions: boolean;
  residentId?: number;
}

export async function getUsageSessions(sql: Queryable, source: UsageWarehouse, userId: number, period: ReportPeriod, filter: SessionFilter): Promise<UsageSessions> {
  const { warehouse, t } = source;
  const params = { user: userId, first: period.first, last: period.last, resident: filter.residentId ?? 0 };
  const listed = [
    'user_id = {user:UInt64} AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0',
    filter.showShortSessions ? '' : 'AND NOT short AND end_time IS NOT NULL',
    filter.residentId === undefined ? '' : 'AND has(resident_ids, {resident:UInt64})',
  ].join(' ');

  const [sessions, plays] = await Promise.all([
    warehouse.query<SessionRow>(
      `SELECT toString(session_id) AS session_id, kind, toString(day) AS local_day, toString(start_time) AS start_text,
              if(isNull(end_time), NULL, toString(end_time)) AS end_text, length, short, resident_ids, activity_ids, outdoors,
              guided_seconds, continuous_music_seconds, continuous_programs_seconds, other_seconds
         FROM ${t.sessions} FINAL WHERE ${listed} ORDER BY start_time, session_id`,
      params,
    ),
    warehouse.query<PlayRow>(
      `SELECT toString(session_id) AS session_id, item_type, audio_file_id, content_type, usage_type,
              toString(start_time) AS start_time, length, pause_before, possible_length
         FROM ${t.plays} FINAL
        WHERE user_id = {user:UInt64} AND session_day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0
          AND session_id IN (SELECT session_id FROM ${t.sessions} FINAL WHERE ${listed})
        ORDER BY start_time, play_id`,
      params,
    ),
  ]);

  const residentIds = [...new Set(sessions.flatMap((s) => s.resident_ids))];
  const activityIds = [...new Set(sessions.flatMap((s) => s.activity_ids))];
  const [names, residents, activities] = await Promise.all([
    audioFileNames(sql, plays.filter((p) => p.item_type === 'Audio').map((p) => p.audio_file_id)),
    residentIds.length === 0
      ? []
      : sql.query<{ id: number; first_name: string; last_name: string }>('SELECT id, first_name, last_name FROM residents WHERE id = ANY($1::int[])', [residentIds]),
    activityIds.length === 0 ? [] : sql.query<{ id: number; name: string }>('SELECT id, name FROM activities WHERE id = ANY($1::int[])', [activityIds]),
  ]);
  const residentById = new Map(residents.map((r) => [Number(r.id), r]));
  const activityById = new Map(activities.map((a) => [Number(a.id), a]));

  const playsBySession = new Map<string, UsageSession['plays']>();
  for (const p of plays) {
    const list = playsBySession.get(p.session_id) ?? [];
    list.push({
      program: p.item_type === 'Audio' ? (names.get(p.audio_file_id) ?? null) : null,
      programType: p.content_type,
      itemType: p.item_type,
      audioFileId: p.audio_file_id,
      usageType: p.usage_type,
      time: isoFromClickHouse(p.start_time),
      length: roundSeconds(p.length),
      pause: roundSeconds(p.pause_before),
      possibleLength: p.possible_length,
    });
    playsBySession.set(p.session_id, list);
  }

  const list: UsageSession[] = sessions.map((s) => ({
    sessionId: s.session_id,
    kind: s.kind,
    day: s.local_day,
    startTime: isoFromClickHouse(s.start_text),
    endTime: s.end_text === null ? null : isoFromClickHouse(s.end_text),
    duration: s.length === null ? null : roundSeconds(s.length),
    short: Boolean(s.short),
    usage: {
      GuidedUsage: roundSeconds(s.guided_seconds),
      ContinuousMusic: roundSeconds(s.continuous_music_seconds),
      ContinuousPrograms: roundSeconds(s.continuous_programs_seconds),
      OtherUsage: roundSeconds(s.other_seconds),
    },
    // A resident removed from the reference table since still took part: shown without a name.
    participants: s.resident_ids.map((id) => ({ id, firstName: residentById.get(id)?.first_name ?? '', lastName: residentById.get(id)?.last_name ?? '' })),
    activities: s.activity_ids.map((id) => ({ id, name: activityById.get(id)?.name ?? '' })),
    outdoors: Boolean(s.outdoors),
    plays: playsBySession.get(s.session_id) ?? [],
  }));

  const counted = list.filter((s) => !s.short && s.duration !== null);
  return { userId, first: period.first, last: period.last, totalUsage: roundSeconds(counted.reduce((a, s) => a + s.duration!, 0)), sessions: list };
}

export function getUsageSessionsRoute(app: App): void {
  app.get(
    '/api/usage-sessions/:userId/:first/:last',
    { schema: { params: UsageReportParams, querystring: UsageSessionsQuery, response: { 200: UsageSessions } } },
    async (request) => {
      const { userId, first, last } = request.params;
      const user = await authorizeUserReport(request, userId);
      const period = reportPeriod(first, last, user.timeZone, app.deps.now());
      const filter = { showShortSessions: request.query.showShortSessions ?? false, residentId: request.query.residentId };
      return getUsageSessions(app.deps.sql, await currentUsageWarehouse(app.deps), userId, period, filter);
    },
  );
}
