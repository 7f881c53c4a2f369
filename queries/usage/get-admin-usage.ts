import { DateTime } from 'luxon';
import { accessDenied, notFound } from '../../infra/errors.ts';
import { requireAdministrator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { AdminUsage, AdminUsageQuery } from '../../schemas/api/usage-report.ts';
import { currentUsageWarehouse, loadReportUser, reportPeriod, type ReportPeriod, type UsageWarehouse } from './report-scope.ts';
import { roundSeconds } from './warehouse-values.ts';

// GET /api/usage?userIdList&firstDay&lastDay: monthly usage (counted sessions, total seconds, used
// days) of the users the caller administers (spec 3 section 6). The summary hides users with
// hideInAdminUsageReport, residents' accounts and users inserted by another user; asking for a
// user the caller does not administer is AccessDenied.

interface ListedUser { id: number; name: string }
interface MonthRow { user_id: number; month: string; sessions: number; seconds: number; days: number }

/** The administered users to list, in id order; `requested` narrows them. */
export async function adminUsageUsers(sql: Queryable, adminId: number, requested?: readonly number[]): Promise<ListedUser[]> {
  const rows = await sql.query<{ id: number; name: string; hidden: boolean }>(
    `SELECT u.id, u.name,
            (COALESCE((u.config->>'hideInAdminUsageReport')::boolean, false)
             OR u.resident_id IS NOT NULL
             OR (u.inserted_by_user_id IS NOT NULL AND u.inserted_by_user_id <> u.id)) AS hidden
       FROM user_admins a JOIN users u ON u.id = a.user_id
      WHERE a.admin_user_id = $1 AND a.user_id <> $1
      ORDER BY u.id`,
    [adminId],
  );
  if (requested) {
    const administered = new Set(rows.map((r) => Number(r.id)));
    if (requested.some((id) => !administered.has(id))) throw accessDenied();
  }
  const wanted = requested ? new Set(requested) : null;
  return rows.filter((r) => !r.hidden && (!wanted || wanted.has(Number(r.id)))).map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function getAdminUsage(source: UsageWarehouse, users: readonly ListedUser[], period: ReportPeriod): Promise<AdminUsage> {
  const rows = users.length === 0 ? [] : await source.warehouse.query<MonthRow>(
    `SELECT user_id, formatDateTime(toStartOfMonth(day), '%Y-%m') AS month, sum(sessions) AS sessions, sum(seconds) AS seconds, count() AS days
       FROM ${source.t.dailyUsage} FINAL
      WHERE user_id IN {users:Array(UInt64)} AND day BETWEEN {first:Date} AND {last:Date} AND usage_type = 'Total' AND is_deleted = 0
      GROUP BY user_id, month`,
    { users: users.map((u) => u.id), first: period.first, last: period.last },
  );
  const byKey = new Map(rows.map((r) => [`${r.user_id}/${r.month}`, r]));
  const months = monthsOf(period.first, period.last);
  return {
    firstDay: period.first,
    lastDay: period.last,
    users: users.map((u) => ({
      userId: u.id,
      name: u.name,
      months: months.map((month) => {
        const row = byKey.get(`${u.id}/${month}`);
        return { month, sessionCount: row?.sessions ?? 0, totalUsage: roundSeconds(row?.seconds ?? 0), usedDayCount: row?.days ?? 0 };
      }),
    })),
  };
}

function monthsOf(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = DateTime.fromISO(first, { zone: 'UTC' }).startOf('month'); m.toISODate()!.slice(0, 7) <= last.slice(0, 7); m = m.plus({ months: 1 })) {
    months.push(m.toISODate()!.slice(0, 7));
  }
  return months;
}

export function getAdminUsageRoute(app: App): void {
  app.get('/api/usage', { schema: { querystring: AdminUsageQuery, response: { 200: AdminUsage } } }, async (request) => {
    const session = await requireAdministrator(request);
    const admin = await loadReportUser(app.deps.sql, session.userId);
    if (!admin) throw notFound();
    const { userIdList, firstDay, lastDay } = request.query;
    // "Today" is the administrator's: the report is read in their time zone.
    const period = reportPeriod(firstDay, lastDay, admin.timeZone, app.deps.now(), { first: 'querystring.firstDay', last: 'querystring.lastDay' });
    const users = await adminUsageUsers(app.deps.sql, session.userId, userIdList);
    return getAdminUsage(await currentUsageWarehouse(app.deps), users, period);
  });
}
