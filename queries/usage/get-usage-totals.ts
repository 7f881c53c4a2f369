import { z } from 'zod';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { App } from '../../server/http/zod.ts';
import { UsageReportParams, UsageTotals, usageTypes, type ScoreCounts, type TopFile, type UsageType } from '../../schemas/api/usage-report.ts';
import { authorizeUserReport, currentUsageWarehouse, reportPeriod, type ReportPeriod, type UsageWarehouse } from './report-scope.ts';
import { audioFileNames, isoFromClickHouse, messageItemContentTypes, roundSeconds } from './warehouse-values.ts';

// GET /api/usage/{userId}/{first}/{last}: every figure of DOMAIN.md section 3 "Report figures for
// a period". Five warehouse statements; headline figures come from daily_usage (counted sessions
// only), play figures from ONE statement over the plays of counted sessions starting in the
// period, grouped finely enough for both the top lists and the breakdowns (chDB runs statements
// one at a time, so each one saved is time saved; the report is read every minute).

interface DailyRow { local_day: string; usage_type: string; seconds: number; sessions: number; sessions_with_participants: number }
interface PlayGroupRow {
  usage_type: UsageType;
  play_source: string | null;
  content_type: string | null;
  category_id: number | null;
  /** the file, for the top lists: only audio files of the library's two types (otherwise null and 0) */
  top_type: 'MusicPiece' | 'AudioProgram' | null;
  top_file_id: number;
  plays: number;
  seconds: number;
}
interface TopRow { file_type: 'MusicPiece' | 'AudioProgram'; audio_file_id: number; plays: number; seconds: number }
interface EvaluationRow { target_type: string; score: number; n: number }
interface ClickRow { message_item_id: number; n: number }
interface VideoRow { file_name: string; start_time: string; play_time: number; pause_time: number; video_length: number }

export async function getUsageTotals(sql: Queryable, source: UsageWarehouse, userId: number, period: ReportPeriod): Promise<UsageTotals> {
  const { warehouse, t } = source;
  const params = { user: userId, first: period.first, last: period.last, from: period.fromUtc, to: period.toUtc };
  const inPeriod = 'user_id = {user:UInt64} AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0';
  const countedSessions = `SELECT session_id FROM ${t.sessions} FINAL WHERE ${inPeriod} AND NOT short AND end_time IS NOT NULL`;
  const countedPlays = `user_id = {user:UInt64} AND session_day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0 AND session_id IN (${countedSessions})`;
  const instants = "client_time >= {from:DateTime64(3, 'UTC')} AND client_time < {to:DateTime64(3, 'UTC')}";

  const [daily, playGroups, evaluations, clicks, videos] = await Promise.all([
    warehouse.query<DailyRow>(
      `SELECT toString(day) AS local_day, usage_type, seconds, sessions, sessions_with_participants FROM ${t.dailyUsage} FINAL WHERE ${inPeriod}`,
      params,
    ),
    warehouse.query<PlayGroupRow>(
      `SELECT usage_type, play_source, content_type, category_id,
              item_type = 'Audio' AND file_type IN ('MusicPiece', 'AudioProgram') AS ranked,
              if(ranked, file_type, NULL) AS top_type, if(ranked, audio_file_id, 0) AS top_file_id,
              count() AS plays, sum(length) AS seconds
         FROM ${t.plays} FINAL
        WHERE ${countedPlays}
        GROUP BY usage_type, play_source, content_type, category_id, ranked, top_type, top_file_id`,
      params,
    ),
    // An evaluation counts once, with its latest score, in the period in which it was first made.
    warehouse.query<EvaluationRow>(
      `SELECT target_type, score, count() AS n FROM (
         SELECT evaluation_id, anyIf(target_type, event_type != 'EvaluationChanged') AS target_type,
                argMax(score, (client_time, received_at)) AS score,
                minIf(client_time, event_type != 'EvaluationChanged') AS made_at,
                countIf(event_type != 'EvaluationChanged') AS originals
           FROM ${t.evaluations} FINAL WHERE user_id = {user:UInt64} GROUP BY evaluation_id)
        WHERE originals > 0 AND ${instants.replaceAll('client_time', 'made_at')} GROUP BY target_type, score`,
      params,
    ),
    warehouse.query<ClickRow>(
      `SELECT message_item_id, count() AS n FROM ${t.messageItemActions} FINAL
        WHERE user_id = {user:UInt64} AND action = 'open' AND ${instants} GROUP BY message_item_id`,
      params,
    ),
    warehouse.query<VideoRow>(
      `SELECT file_name, toString(start_time) AS start_time, play_time, pause_time, video_length FROM ${t.videoViews} FINAL
        WHERE ${inPeriod} ORDER BY start_time, view_id`,
      params,
    ),
  ]);

  const top = topFiles(playGroups);
  const [names, contentTypes] = await Promise.all([
    audioFileNames(sql, top.map((r) => r.audio_file_id)),
    messageItemContentTypes(sql, clicks.map((r) => r.message_item_id)),
  ]);

  const totals = daily.filter((r) => r.usage_type === 'Total');
  const sessionCount = sum(totals.map((r) => r.sessions));
  const totalUsage = roundSeconds(sum(totals.map((r) => r.seconds)));
  const usedDayCount = totals.length;

  const overallUsage = Object.fromEntries(usageTypes.map((type) => {
    const rows = daily.filter((r) => r.usage_type === type);
    return [type, { dayCount: rows.length, duration: roundSeconds(sum(rows.map((r) => r.seconds))) }];
  })) as UsageTotals['overallUsage'];

  const guidedUsage: Record<string, number> = {};
  const categoryCounts: Record<string, number> = {};
  const usagePerType: UsageTotals['usagePerType'] = {};
  for (const row of playGroups) {
    if (row.usage_type === 'GuidedUsage') add(guidedUsage, row.content_type ?? 'Unknown', row.seconds);
    if (row.category_id !== null) add(categoryCounts, String(row.category_id), row.plays);
    const key = usagePerTypeKey(row.play_source, row.usage_type);
    const entry = (usagePerType[key] ??= { plays: 0, seconds: 0 });
    entry.plays += row.plays;
    entry.seconds += row.seconds;
  }
  for (const key of Object.keys(guidedUsage)) guidedUsage[key] = roundSeconds(guidedUsage[key]!);
  for (const entry of Object.values(usagePerType)) entry.seconds = roundSeconds(entry.seconds);

  const topOf = (fileType: TopRow['file_type']): TopFile[] =>
    top.filter((r) => r.file_type === fileType).map((r) => ({ audioFileId: r.audio_file_id, name: names.get(r.audio_file_id) ?? null, plays: r.plays, seconds: roundSeconds(r.seconds) }));

  const scores = (targetType: string): ScoreCounts => {
    const counts: ScoreCounts = { '1': 0, '0': 0, '-1': 0 };
    for (const r of evaluations) if (r.target_type === targetType) counts[String(r.score) as keyof ScoreCounts] += r.n;
    return counts;
  };

  const messageItemClicks: Record<string, number> = {};
  for (const r of clicks) add(messageItemClicks, contentTypes.get(r.message_item_id) ?? 'Unknown', r.n);

  return {
    userId,
    first: period.first,
    last: period.last,
    dayCount: period.dayCount,
    sessionCount,
    sessionWithParticipantsCount: sum(totals.map((r) => r.sessions_with_participants)),
    usedDayCount,
    totalUsage,
    averageUsagePerDay: roundSeconds(totalUsage / period.dayCount),
    averageUsagePerUsedDay: usedDayCount === 0 ? 0 : roundSeconds(totalUsage / usedDayCount),
    sessionCounts: Object.fromEntries(totals.map((r) => [r.local_day, r.sessions] as const).sort(([a], [b]) => a.localeCompare(b))),
    overallUsage,
    guidedUsage,
    topMusic: topOf('MusicPiece'),
    topPrograms: topOf('AudioProgram'),
    categoryCounts,
    audioFileEvaluations: scores('audioFile'),
    messageItemEvaluations: scores('messageItem'),
    messageItemClicks,
    usagePerType: sortedRecord(usagePerType),
    videos: videos.map((v) => ({
      fileName: v.file_name,
      startTime: isoFromClickHouse(v.start_time),
      playTime: roundSeconds(v.play_time),
      pauseTime: roundSeconds(v.pause_time),
      totalLength: roundSeconds(v.video_length),
    })),
  };
}

/** usagePerType's key: the play source ('None' for a play from no named source) and the usage type. */
export const usagePerTypeKey = (playSource: string | null, usageType: UsageType): string => `${playSource ?? 'None'}/${usageType}`;

/** Keys in code-point order, so the answer does not depend on the order ClickHouse returned groups in. */
const sortedRecord = <V>(record: Record<string, V>): Record<string, V> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The 10 most played files of each type: by plays, then seconds, then id (a total order). */
function topFiles(groups: readonly PlayGroupRow[]): TopRow[] {
  const byFile = new Map<string, TopRow>();
  for (const g of groups) {
    if (g.top_type === null) continue;
    const key = `${g.top_type}/${g.top_file_id}`;
    const row = byFile.get(key) ?? { file_type: g.top_type, audio_file_id: g.top_file_id, plays: 0, seconds: 0 };
    row.plays += g.plays;
    row.seconds += g.seconds;
    byFile.set(key, row);
  }
  const ranked = [...byFile.values()].sort((a, b) => b.plays - a.plays || b.seconds - a.seconds || a.audio_file_id - b.audio_file_id);
  return (['MusicPiece', 'AudioProgram'] as const).flatMap((type) => ranked.filter((r) => r.file_type === type).slice(0, 10));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const add = (record: Record<string, number>, key: string, value: number) => void (record[key] = (record[key] ?? 0) + value);

export function getUsageTotalsRoute(app: App): void {
  app.get('/api/usage/:userId/:first/:last', { schema: { params: UsageReportParams, querystring: z.strictObject({}), response: { 200: UsageTotals } } }, async (request) => {
    const { userId, first, last } = request.params;
    const user = await authorizeUserReport(request, userId);
    const period = reportPeriod(first, last, user.timeZone, app.deps.now());
    return getUsageTotals(app.deps.sql, await currentUsageWarehouse(app.deps), userId, period);
  });
}
