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
  play_id: string;
  item_type: string;
  audio_file_id: number;
  content_type: string | null;
  usage_type: UsageType;
  start_time: string;
  length: number;
  pause_before: number;
  possible_length: number | null;
}

/** The session's plays grouped finely enough for every per-session figure (usageTypeInfo, durations). */
interface PlayGroupRow {
  session_id: string;
  item_type: string;
  audio_file_id: number;
  category_id: number | null;
  content_type: string | null;
  auto_play: boolean | number;
  plays: number;
  seconds: number;
}

interface ClickRow { session_id: string; message_item_id: number; n: number }

export interface SessionFilter {
  showShortSessions: boolean;
  residentId?: number;
}

export async function getUsageSessions(sql: Queryable, source: UsageWarehouse, userId: number, period: ReportPeriod, filter: SessionFilter): Promise<UsageSessions> {
  const { warehouse, t } = source;
  const params = { user: userId, first: period.first, last: period.last, from: period.fromUtc, resident: filter.residentId ?? 0 };
  const listed = [
    'user_id = {user:UInt64} AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0',
    filter.showShortSessions ? '' : 'AND NOT short AND end_time IS NOT NULL',
    filter.residentId === undefined ? '' : 'AND has(resident_ids, {resident:UInt64})',
  ].join(' ');

  const sessionsPlays = `user_id = {user:UInt64} AND session_day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0
          AND session_id IN (SELECT session_id FROM ${t.sessions} FINAL WHERE ${listed})`;
  const [sessions, plays, playGroups, clicks] = await Promise.all([
    warehouse.query<SessionRow>(
      `SELECT toString(session_id) AS session_id, kind, toString(day) AS local_day, toString(start_time) AS start_text,
              if(isNull(end_time), NULL, toString(end_time)) AS end_text, length, short, resident_ids, activity_ids, outdoors,
              guided_seconds, continuous_music_seconds, continuous_programs_seconds, other_seconds
         FROM ${t.sessions} FINAL WHERE ${listed} ORDER BY start_time, session_id`,
      params,
    ),
    warehouse.query<PlayRow>(
      `SELECT toString(session_id) AS session_id, toString(play_id) AS play_id, item_type, audio_file_id, content_type, usage_type,
              toString(start_time) AS start_time, length, pause_before, possible_length
         FROM ${t.plays} FINAL
        WHERE ${sessionsPlays}
        ORDER BY start_time, play_id`,
      params,
    ),
    warehouse.query<PlayGroupRow>(
      `SELECT toString(session_id) AS session_id, item_type, audio_file_id, category_id, content_type, NOT manual_start AS auto_play,
              count() AS plays, sum(length) AS seconds
         FROM ${t.plays} FINAL
        WHERE ${sessionsPlays}
        GROUP BY session_id, item_type, audio_file_id, category_id, content_type, auto_play`,
      params,
    ),
    // Message clicks of a session: opens between its start and its end (while open: its last
    // play's end). Only client times decide, so the figure is the same in any arrival order; in
    // the rare case of two sessions covering the same instant the click counts in each.
    warehouse.query<ClickRow>(
      `SELECT toString(s.session_id) AS session_id, a.message_item_id AS message_item_id, count() AS n
         FROM (SELECT session_id, start_time, coalesce(end_time, activity_end) AS until FROM ${t.sessions} FINAL WHERE ${listed}) AS s
        CROSS JOIN (SELECT client_time, message_item_id FROM ${t.messageItemActions} FINAL
                     WHERE user_id = {user:UInt64} AND action = 'open' AND client_time >= {from:DateTime64(3, 'UTC')}) AS a
        WHERE a.client_time >= s.start_time AND a.client_time <= s.until
        GROUP BY session_id, message_item_id`,
      params,
    ),
  ]);

  const residentIds = [...new Set(sessions.flatMap((s) => s.resident_ids))];
  const activityIds = [...new Set(sessions.flatMap((s) => s.activity_ids))];
  const [names, videoNames, residents, activities] = await Promise.all([
    audioFileNames(sql, plays.filter((p) => p.item_type === 'Audio').map((p) => p.audio_file_id)),
    fileNames(sql, plays.filter((p) => p.item_type === 'Video').map((p) => p.audio_file_id)),
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

  const figures = sessionFigures(plays, playGroups, clicks, videoNames);
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
    ...(figures.get(s.session_id) ?? emptySessionFigures()),
  }));

  const counted = list.filter((s) => !s.short && s.duration !== null);
  return { userId, timeZone: period.timeZone, first: period.first, last: period.last, totalUsage: roundSeconds(counted.reduce((a, s) => a + s.duration!, 0)), sessions: list };
}

type SessionFigures = Pick<
  UsageSession,
  'usageTypeInfo' | 'gamePlayList' | 'audioFilePlayList' | 'videoFilePlaylist' | 'messageDurations' | 'messageClicks' | 'categoryDurations' | 'audioFileDurations'
>;

const emptySessionFigures = (): SessionFigures => ({
  usageTypeInfo: [],
  gamePlayList: [],
  audioFilePlayList: [],
  videoFilePlaylist: [],
  messageDurations: {},
  messageClicks: {},
  categoryDurations: {},
  audioFileDurations: {},
});

/**
 * The per-session figures of spec 3 section 3 "Usage session", from the rows the warehouse
 * grouped. Every list and record comes out in one fixed order (plays by start then play id,
 * records by numeric key), whatever order the groups arrived in.
 */
function sessionFigures(plays: readonly PlayRow[], groups: readonly PlayGroupRow[], clicks: readonly ClickRow[], videoNames: ReadonlyMap<number, string>): Map<string, SessionFigures> {
  const bySession = new Map<string, SessionFigures>();
  const of = (sessionId: string) => {
    let f = bySession.get(sessionId);
    if (!f) bySession.set(sessionId, (f = emptySessionFigures()));
    return f;
  };
  for (const p of plays) {
    const entry = { id: p.audio_file_id, time: isoFromClickHouse(p.start_time), length: roundSeconds(p.length) };
    if (p.item_type === 'Game') of(p.session_id).gamePlayList.push(entry);
    else if (p.item_type === 'Audio') of(p.session_id).audioFilePlayList.push(entry);
    else if (p.item_type === 'Video') of(p.session_id).videoFilePlaylist.push({ ...entry, fileName: videoNames.get(p.audio_file_id) ?? '' });
  }
  const info = new Map<string, Map<string, SessionFigures['usageTypeInfo'][number]>>();
  for (const g of groups) {
    const f = of(g.session_id);
    const contentType = g.content_type ?? 'Unknown';
    const autoPlay = Boolean(g.auto_play);
    const infos = info.get(g.session_id) ?? new Map();
    info.set(g.session_id, infos);
    const key = `${contentType}|${autoPlay}`;
    const entry = infos.get(key) ?? { contentType, autoPlay, count: 0 };
    entry.count += g.plays;
    infos.set(key, entry);
    if (g.item_type === 'Message') add(f.messageDurations, g.audio_file_id, g.seconds);
    if (g.item_type === 'Audio') add(f.audioFileDurations, g.audio_file_id, g.seconds);
    if (g.category_id !== null) add(f.categoryDurations, g.category_id, g.seconds);
  }
  for (const c of clicks) of(c.session_id).messageClicks[String(c.message_item_id)] = (of(c.session_id).messageClicks[String(c.message_item_id)] ?? 0) + c.n;
  for (const [sessionId, f] of bySession) {
    f.usageTypeInfo = [...(info.get(sessionId)?.values() ?? [])].sort((a, b) => codePoints(a.contentType, b.contentType) || Number(a.autoPlay) - Number(b.autoPlay));
    for (const key of ['messageDurations', 'categoryDurations', 'audioFileDurations'] as const) f[key] = byNumericKey(f[key], roundSeconds);
    f.messageClicks = byNumericKey(f.messageClicks, (n) => n);
  }
  return bySession;
}

const add = (record: Record<string, number>, id: number, value: number) => void (record[String(id)] = (record[String(id)] ?? 0) + value);
const codePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNumericKey = (record: Record<string, number>, map: (n: number) => number): Record<string, number> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => Number(a) - Number(b)).map(([k, v]) => [k, map(v)]));

/** Names of uploaded files (videos) from the `files` reference table. */
async function fileNames(sql: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const storable = [...new Set(ids)].filter((id) => id <= 2_147_483_647);
  if (storable.length === 0) return new Map();
  const rows = await sql.query<{ id: number; name: string }>('SELECT id, name FROM files WHERE id = ANY($1::int[])', [storable]);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
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
