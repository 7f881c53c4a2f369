import { DateTime } from 'luxon';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { UsageDetailsLog, UsageDetailsLogQuery, UsageLogParams, type UsageDetailsLogRow } from '../../schemas/api/usage-details-log.ts';
import { authorizeUserReport, currentUsageWarehouse, reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from './report-scope.ts';
import { audioFileNames, isoFromClickHouse, roundSeconds } from './warehouse-values.ts';

// GET /api/usage-details-log/{userId}/{first}/{last}?offset&limit&showShort: the usage details log
// of spec 3 section 3, one row per play of an explicit (started) session starting in the period,
// page by page. Like the detailed session table, plays of short sessions and of sessions without an
// end are left out unless showShort=true; sessionNumber counts every explicit session of the day,
// so a session keeps its number whether short ones are shown or not.

export const defaultPageSize = 20;

export interface LogPage {
  offset: number;
  limit: number;
}

/**
 * `limit OFFSET offset` as literals: both are integers the route's schema checked (the support
 * function passes its own), and literals need no query-parameter support in LIMIT from the
 * ClickHouse version at hand.
 */
export function pageClause(page: LogPage): string {
  if (!Number.isSafeInteger(page.limit) || !Number.isSafeInteger(page.offset) || page.limit < 0 || page.offset < 0) throw new Error('pageClause: not a page');
  return `${page.limit} OFFSET ${page.offset}`;
}

interface LogRow {
  id: string;
  day: string;
  audio_file_id: number;
  item_type: string;
  content_type: string | null;
  start_time: string;
  end_time: string;
  length: number;
  pause_before: number;
  possible_length: number | null;
  session_number: number;
  session_length: number | null;
}

export async function getUsageDetailsLog(
  sql: Queryable,
  source: UsageWarehouse,
  user: ReportUser,
  period: ReportPeriod,
  showShort: boolean,
  page: LogPage,
): Promise<UsageDetailsLog> {
  const { warehouse, t } = source;
  const params = { user: user.id, first: period.first, last: period.last, all: showShort ? 1 : 0 };
  // Numbered before the short ones are filtered out: the number is the session's place in its day.
  const logged = `
    WITH numbered AS (
      SELECT session_id, short, end_time, length AS session_length,
             toUInt32(row_number() OVER (PARTITION BY day ORDER BY start_time, session_id)) AS session_number
        FROM ${t.sessions} FINAL
       WHERE user_id = {user:UInt64} AND kind = 'explicit' AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0)
    SELECT p.play_id AS play_id, p.start_time AS start_time, p.end_time AS end_time, p.session_day AS session_day, p.audio_file_id AS audio_file_id,
           p.item_type AS item_type, p.content_type AS content_type, p.length AS length, p.pause_before AS pause_before,
           p.possible_length AS possible_length, s.session_number AS session_number, s.session_length AS session_length
      FROM ${t.plays} AS p FINAL
     INNER JOIN numbered AS s ON p.session_id = s.session_id
     WHERE p.user_id = {user:UInt64} AND p.session_day BETWEEN {first:Date} AND {last:Date} AND p.is_deleted = 0
       AND ({all:UInt8} = 1 OR (NOT s.short AND s.end_time IS NOT NULL))`;

  const [rows, totals, groups] = await Promise.all([
    warehouse.query<LogRow>(
      `SELECT toString(play_id) AS id, toString(session_day) AS day, audio_file_id, item_type, content_type,
              toString(start_time) AS start_time, toString(end_time) AS end_time, length, pause_before, possible_length,
              session_number, session_length
         FROM (${logged})
        ORDER BY start_time, play_id LIMIT ${pageClause(page)}`,
      params,
    ),
    warehouse.query<{ n: number }>(`SELECT count() AS n FROM (${logged})`, params),
    sql.query<{ user_group_id: number | null }>('SELECT user_group_id FROM users WHERE id = $1', [user.id]),
  ]);
  const names = await audioFileNames(sql, rows.filter((r) => r.item_type === 'Audio').map((r) => r.audio_file_id));
  const adminGroup = groups[0]?.user_group_id == null ? null : Number(groups[0].user_group_id);
  const local = (text: string) => DateTime.fromISO(isoFromClickHouse(text), { zone: user.timeZone });

  return {
    userId: user.id,
    first: period.first,
    last: period.last,
    timeZone: user.timeZone,
    offset: page.offset,
    limit: page.limit,
    total: Number(totals[0]?.n ?? 0),
    rows: rows.map(
      (r): UsageDetailsLogRow => ({
        id: r.id,
        userId: user.id,
        day: r.day,
        adminGroup,
        audioFileId: Number(r.audio_file_id),
        audioFileName: r.item_type === 'Audio' ? (names.get(Number(r.audio_file_id)) ?? null) : null,
        programType: r.content_type,
        playTime: local(r.start_time).toFormat('HH:mm:ss'),
        playLength: roundSeconds(r.length),
        pauseTime: roundSeconds(r.pause_before),
        possibleLength: r.possible_length,
        sessionNumber: Number(r.session_number),
        sessionLength: r.session_length === null ? null : roundSeconds(r.session_length),
        created: isoFromClickHouse(r.end_time),
      }),
    ),
  };
}

export function getUsageDetailsLogRoute(app: App): void {
  app.get(
    '/api/usage-details-log/:userId/:first/:last',
    { schema: { params: UsageLogParams, querystring: UsageDetailsLogQuery, response: { 200: UsageDetailsLog } } },
    async (request) => {
      const { userId, first, last } = request.params;
      const user = await authorizeUserReport(request, userId);
      const period = reportPeriod(first, last, user.timeZone, app.deps.now());
      const page = { offset: request.query.offset ?? 0, limit: request.query.limit ?? defaultPageSize };
      return getUsageDetailsLog(app.deps.sql, await currentUsageWarehouse(app.deps), user, period, request.query.showShort ?? false, page);
    },
  );
}
