import { DateTime } from 'luxon';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { getNotConnectedPlays } from '../../queries/usage/get-not-connected-plays.ts';
import { getUsageDetailsLog } from '../../queries/usage/get-usage-details-log.ts';
import { getUsageSessions } from '../../queries/usage/get-usage-sessions.ts';
import { getUsageTotals } from '../../queries/usage/get-usage-totals.ts';
import { getVideoViews } from '../../queries/usage/get-video-views.ts';
import { reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from '../../queries/usage/report-scope.ts';
import { maxPageSize } from '../../schemas/api/usage-details-log.ts';

// "The report" of DOMAIN.md section 3's invariant, as plain JSON: every figure the usage report
// routes serve, for the period and for each of its days, per user. Tests compare two warehouses
// (the same events delivered differently) with one `toEqual` on what this returns.
//
// The figures come from the same query functions the routes call, so a new figure is compared once
// it is added to `reportFigureSources` below (one entry: a name and how to get it for a user and a
// period). Daily reports take the sources marked `daily` (the headline figures); the period report
// takes them all. The figures of issue 22 deliverable 5 are in: usagePerType is part of the totals,
// the per-session play lists and durations part of the sessions, and the usage details log and
// the not-connected plays are sources of their own (every page read).

export interface ReportFiguresScope {
  sql: Queryable;
  warehouse: Warehouse;
  /** the warehouse version (table suffix) to read */
  version: number;
  users: readonly ReportUser[];
  first: string;
  last: string;
  now: Date;
}

interface FigureSource {
  name: string;
  daily: boolean;
  get(sql: Queryable, source: UsageWarehouse, user: ReportUser, period: ReportPeriod): Promise<unknown>;
}

export const reportFigureSources: FigureSource[] = [
  { name: 'totals', daily: true, get: (sql, source, user, period) => getUsageTotals(sql, source, user.id, period) },
  { name: 'sessions', daily: false, get: (sql, source, user, period) => getUsageSessions(sql, source, user.id, period, { showShortSessions: false }) },
  { name: 'sessionsWithShort', daily: false, get: (sql, source, user, period) => getUsageSessions(sql, source, user.id, period, { showShortSessions: true }) },
  { name: 'videoViews', daily: false, get: (_sql, source, user, period) => getVideoViews(source, user, period) },
  { name: 'usageDetailsLog', daily: false, get: (sql, source, user, period) => allPages((page) => getUsageDetailsLog(sql, source, user, period, true, page)) },
  { name: 'notConnectedPlays', daily: false, get: (sql, source, user, period) => allPages((page) => getNotConnectedPlays(sql, source, user, period, page)) },
];

async function allPages<Row>(read: (page: { offset: number; limit: number }) => Promise<{ total: number; rows: Row[] }>): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await read({ offset: rows.length, limit: maxPageSize });
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
}

export async function usageReportFigures(scope: ReportFiguresScope): Promise<Record<string, unknown>> {
  const source: UsageWarehouse = { warehouse: scope.warehouse, t: warehouseTables(scope.version) };
  const report: Record<string, unknown> = {};
  const figures = async (user: ReportUser, period: ReportPeriod, daily: boolean) =>
    Object.fromEntries(
      await Promise.all(reportFigureSources.filter((f) => !daily || f.daily).map(async (f) => [f.name, await f.get(scope.sql, source, user, period)] as const)),
    );
  const ofUser = async (user: ReportUser) => {
    const period = reportPeriod(scope.first, scope.last, user.timeZone, scope.now);
    const days: string[] = [];
    for (let day = DateTime.fromISO(period.first, { zone: 'UTC' }); day.toISODate()! <= period.last; day = day.plus({ days: 1 })) days.push(day.toISODate()!);
    const [whole, ...daily] = await Promise.all([
      figures(user, period, false),
      ...days.map((day) => figures(user, reportPeriod(day, day, user.timeZone, scope.now), true)),
    ]);
    return { period: whole, days: Object.fromEntries(days.map((day, i) => [day, daily[i]])) };
  };
  // A few users at a time: the warehouse runs queries side by side (chDB has several sessions).
  const queue = [...scope.users];
  const worker = async () => {
    for (let user = queue.shift(); user; user = queue.shift()) report[String(user.id)] = await ofUser(user);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return report;
}
