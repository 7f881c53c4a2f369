import { DateTime } from 'luxon';
import type { App } from '../../server/http/zod.ts';
import { NotConnectedPlays, NotConnectedPlaysQuery, UsageLogParams } from '../../schemas/api/usage-details-log.ts';
import { defaultPageSize, pageClause, type LogPage } from './get-usage-details-log.ts';
import { authorizeUserReport, currentUsageWarehouse, reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from './report-scope.ts';
import { audioFileNames, isoFromClickHouse, roundSeconds } from './warehouse-values.ts';
import type { Queryable } from '../../infra/sql/sql.ts';

// GET /api/not-connected-plays/{userId}/{first}/{last}?offset&limit: the plays of spec 3 section 3
// "Not-connected plays", i.e. those outside every explicit session (the derivation puts them in
// implicit sessions), whose own local day lies in the period, page by page. They have no started
// session to count on, so the play's own day decides, and short implicit sessions' plays are listed
// too: this is a log of what was played, not a figure of counted sessions.

interface PlayRow { id: string; start_time: string; play_day: string; length: number; item_type: string; audio_file_id: number }

export async function getNotConnectedPlays(sql: Queryable, source: UsageWarehouse, user: ReportUser, period: ReportPeriod, page: LogPage): Promise<NotConnectedPlays> {
  const { warehouse, t } = source;
  const params = { user: user.id, first: period.first, last: period.last };
  const where = "user_id = {user:UInt64} AND session_kind = 'implicit' AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0";
  const [rows, totals] = await Promise.all([
    warehouse.query<PlayRow>(
      `SELECT toString(play_id) AS id, toString(start_time) AS start_time, toString(day) AS play_day, length, item_type, audio_file_id
         FROM ${t.plays} FINAL WHERE ${where}
        ORDER BY start_time, play_id LIMIT ${pageClause(page)}`,
      params,
    ),
    warehouse.query<{ n: number }>(`SELECT count() AS n FROM ${t.plays} FINAL WHERE ${where}`, params),
  ]);
  const names = await audioFileNames(sql, rows.filter((r) => r.item_type === 'Audio').map((r) => Number(r.audio_file_id)));
  return {
    userId: user.id,
    first: period.first,
    last: period.last,
    timeZone: user.timeZone,
    offset: page.offset,
    limit: page.limit,
    total: Number(totals[0]?.n ?? 0),
    rows: rows.map((r) => {
      const time = isoFromClickHouse(r.start_time);
      return {
        id: r.id,
        userId: user.id,
        time,
        playDay: r.play_day,
        playTime: DateTime.fromISO(time, { zone: user.timeZone }).toFormat('HH:mm:ss'),
        playLength: roundSeconds(r.length),
        audioFileId: Number(r.audio_file_id),
        audioFileName: r.item_type === 'Audio' ? (names.get(Number(r.audio_file_id)) ?? null) : null,
      };
    }),
  };
}

export function getNotConnectedPlaysRoute(app: App): void {
  app.get(
    '/api/not-connected-plays/:userId/:first/:last',
    { schema: { params: UsageLogParams, querystring: NotConnectedPlaysQuery, response: { 200: NotConnectedPlays } } },
    async (request) => {
      const { userId, first, last } = request.params;
      const user = await authorizeUserReport(request, userId);
      const period = reportPeriod(first, last, user.timeZone, app.deps.now());
      const page = { offset: request.query.offset ?? 0, limit: request.query.limit ?? defaultPageSize };
      return getNotConnectedPlays(app.deps.sql, await currentUsageWarehouse(app.deps), user, period, page);
    },
  );
}
