import { DateTime } from 'luxon';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { getUsageSessions } from '../../queries/usage/get-usage-sessions.ts';
import { getUsageTotals } from '../../queries/usage/get-usage-totals.ts';
import { getVideoViews } from '../../queries/usage/get-video-views.ts';
import { reportPeriod, type ReportPeriod, type ReportUser, type UsageWarehouse } from '../../queries/usage/report-scope.ts';

// "The report" of DOMAIN.md section 3's invariant, as plain JSON: every figure the usage report
// routes serve, for the period and for each of its days, per user. Tests compare two warehouses
// (the same events delivered differently) with one `toEqual` on what this returns.
//
// The figures come from the same query functions the routes call, so a new figure is compared once
// it is added to `reportFigureSources` below (one entry: a name and how to get it for a user and a
// period). Daily reports take the sources marked `daily` (the headline figures); the period report
// takes them all.

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
];

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
