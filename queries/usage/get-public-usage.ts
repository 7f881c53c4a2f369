import type { FastifyRequest } from 'fastify';
import { accessDenied, notFound } from '../../infra/errors.ts';
import { requireAdminOf, requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { PublicUsage, PublicUsageParams } from '../../schemas/api/public-usage.ts';
import { currentUsageWarehouse, loadReportUser, reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from './report-scope.ts';
import { isoFromClickHouse, roundSeconds } from './warehouse-values.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';

// GET /api/public-usage/{id}/{first}/{last}: the public report of a unit (spec 3 sections 2, 3):
// counted sessions and their length, and per category how many of those sessions played it.

interface CategoryRow { category_id: number; sessions: number }
interface ContentTypeRow { content_type: string; sessions: number }

export async function getPublicUsage(sql: Queryable, source: UsageWarehouse, userId: number, period: ReportPeriod): Promise<PublicUsage> {
  const { warehouse, t } = source;
  const params = { user: userId, first: period.first, last: period.last };
  const inPeriod = 'user_id = {user:UInt64} AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0';
  const countedPlays = `FROM ${t.plays} FINAL
        WHERE user_id = {user:UInt64} AND session_day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0
          AND session_id IN (SELECT session_id FROM ${t.sessions} FINAL WHERE ${inPeriod} AND NOT short AND end_time IS NOT NULL)`;
  const [totals, categories, contentTypes, unitNames] = await Promise.all([
    warehouse.query<{ sessions: number; seconds: number }>(
      `SELECT sum(sessions) AS sessions, sum(seconds) AS seconds FROM ${t.dailyUsage} FINAL WHERE ${inPeriod} AND usage_type = 'Total'`,
      params,
    ),
    warehouse.query<CategoryRow>(`SELECT category_id, uniqExact(session_id) AS sessions ${countedPlays} AND category_id IS NOT NULL GROUP BY category_id`, params),
    // As the guided breakdown: a play without a content type counts under 'Unknown'.
    warehouse.query<ContentTypeRow>(`SELECT ifNull(content_type, 'Unknown') AS content_type, uniqExact(session_id) AS sessions ${countedPlays} GROUP BY content_type`, params),
    sql.query<{ name: string }>(`SELECT ${userDisplayNameSql} AS name FROM users WHERE id = $1`, [userId]),
  ]);
  const ids = categories.map((c) => Number(c.category_id)).filter((id) => id <= 2_147_483_647);
  const names = ids.length === 0
    ? new Map<number, string>()
    : new Map((await sql.query<{ id: number; name: string }>('SELECT id, name FROM categories WHERE id = ANY($1::int[])', [ids])).map((r) => [Number(r.id), r.name]));
  return {
    startTime: isoFromClickHouse(period.fromUtc),
    endTime: isoFromClickHouse(period.toUtc),
    userId,
    unitName: unitNames[0]?.name ?? '',
    summaryData: { sessionCount: Number(totals[0]?.sessions ?? 0), sessionTotalLength: roundSeconds(Number(totals[0]?.seconds ?? 0)) },
    categorySummary: categories
      // A category removed from the library since still counted: shown by its id.
      .map((c) => ({ categoryName: names.get(Number(c.category_id)) ?? `#${c.category_id}`, sessionCount: Number(c.sessions) }))
      .sort((a, b) => b.sessionCount - a.sessionCount || a.categoryName.localeCompare(b.categoryName)),
    contentTypeSummary: contentTypes
      .map((c) => ({ contentType: c.content_type, sessionCount: Number(c.sessions) }))
      .sort((a, b) => b.sessionCount - a.sessionCount || a.contentType.localeCompare(b.contentType)),
  };
}

/**
 * The report of the caller's own unit or of its public_report_user_id (spec 3 section 3: a
 * public-report user is stored per user) is open to the caller, whether it came by the rtoken or
 * logged in with a password as a showOnlyPublicReport user. A public-report token session reads
 * nothing else; any other session also the users it administers.
 */
export async function authorizePublicReport(request: FastifyRequest, userId: number): Promise<ReportUser> {
  const session = requireUser(request, { allowPublicReport: true });
  const { sql } = request.server.deps;
  const ownReport = session.userId === userId || (await publicReportUserOf(sql, session.userId)) === userId;
  // Checked before NotFound, so a token cannot probe which user ids exist.
  if (session.publicReport && !ownReport) throw accessDenied();
  const user = await loadReportUser(sql, userId);
  if (!user) throw notFound();
  if (!ownReport) await requireAdminOf(request, userId);
  return user;
}

async function publicReportUserOf(sql: Queryable, userId: number): Promise<number | null> {
  const [row] = await sql.query<{ public_report_user_id: number | null }>('SELECT public_report_user_id FROM users WHERE id = $1', [userId]);
  return row?.public_report_user_id == null ? null : Number(row.public_report_user_id);
}

export function getPublicUsageRoute(app: App): void {
  app.get('/api/public-usage/:id/:first/:last', { schema: { params: PublicUsageParams, response: { 200: PublicUsage } } }, async (request) => {
    const { id, first, last } = request.params;
    const user = await authorizePublicReport(request, id);
    const period = reportPeriod(first, last, user.timeZone, app.deps.now());
    return getPublicUsage(app.deps.sql, await currentUsageWarehouse(app.deps), id, period);
  });
}
