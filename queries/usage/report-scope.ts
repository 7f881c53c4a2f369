import type { FastifyRequest } from 'fastify';
import { DateTime, IANAZone } from 'luxon';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import { notFound, validationError } from '../../infra/errors.ts';
import { requireAdminOf, requireUser } from '../../server/http/auth.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { usageWarehouseName } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { warehouseTables, type WarehouseTables } from '../../projections/warehouse/tables.ts';
import { maxReportDays } from '../../schemas/api/usage-report.ts';
import { missingTablesAsEmpty } from './missing-tables-as-empty.ts';

// What every usage report query needs before its SQL: who is asked about (and may the caller see
// it), which period exactly, and which warehouse version's tables are current.

export const defaultTimeZone = 'Europe/Helsinki';

export interface ReportUser {
  id: number;
  name: string;
  timeZone: string;
}

export async function loadReportUser(sql: Queryable, userId: number): Promise<ReportUser | null> {
  const [row] = await sql.query<{ id: number; name: string; time_zone: string | null }>(
    "SELECT id, name, config->>'timeZone' AS time_zone FROM users WHERE id = $1",
    [userId],
  );
  if (!row) return null;
  // A zone luxon does not know would shift every day boundary silently; the default is safer.
  const timeZone = row.time_zone && IANAZone.isValidZone(row.time_zone) ? row.time_zone : defaultTimeZone;
  return { id: Number(row.id), name: row.name, timeZone };
}

/**
 * Own data, or an administrator of the user (spec 3 section 6); unknown users are NotFound. A
 * removed user's former administrators keep reading their reports (issue 17: removal keeps
 * history; former_user_admins, migration 016).
 */
export async function authorizeUserReport(request: FastifyRequest, userId: number): Promise<ReportUser> {
  requireUser(request);
  const user = await loadReportUser(request.server.deps.sql, userId);
  if (!user) throw notFound();
  await requireReportReaderOf(request, userId);
  return user;
}

/** The user, an administrator of the user, or a former administrator of a removed user; otherwise AccessDenied. */
export async function requireReportReaderOf(request: FastifyRequest, userId: number): Promise<void> {
  const session = requireUser(request);
  try {
    await requireAdminOf(request, userId);
  } catch (error) {
    const former = await request.server.deps.sql.query('SELECT 1 FROM former_user_admins WHERE admin_user_id = $1 AND user_id = $2', [session.userId, userId]);
    if (former.length === 0) throw error;
  }
}

export interface ReportPeriod {
  first: string;
  /** `last` as asked, capped at today in the user's time zone. */
  last: string;
  dayCount: number;
  /** The period's instants [from, to) as ClickHouse UTC text, for tables keyed by time. */
  fromUtc: string;
  toUtc: string;
  /** The reported user's zone: the days above and every time a browser shows for them are in it. */
  timeZone: string;
}

/** first <= last (after capping), at most maxReportDays; otherwise a ValidationError naming the field. */
export function reportPeriod(first: string, last: string, timeZone: string, now: Date, names = { first: 'params.first', last: 'params.last' }): ReportPeriod {
  const today = DateTime.fromJSDate(now).setZone(timeZone).toISODate()!;
  const cappedLast = last > today ? today : last;
  if (first > cappedLast) {
    const message = first > today ? 'The period starts after today' : 'The first day is after the last day';
    throw validationError([{ path: names.first, message }]);
  }
  const start = DateTime.fromISO(first, { zone: timeZone }).startOf('day');
  const end = DateTime.fromISO(cappedLast, { zone: timeZone }).startOf('day').plus({ days: 1 });
  // Calendar days, not 24-hour spans: DST days have 23 or 25 hours.
  const dayCount = Math.round(DateTime.fromISO(cappedLast, { zone: 'UTC' }).diff(DateTime.fromISO(first, { zone: 'UTC' }), 'days').days) + 1;
  if (dayCount > maxReportDays) throw validationError([{ path: names.last, message: `A period is at most ${maxReportDays} days` }]);
  return { first, last: cappedLast, dayCount, fromUtc: toClickHouseTime(start.toJSDate()), toUtc: toClickHouseTime(end.toJSDate()), timeZone };
}

export interface UsageWarehouse {
  warehouse: Warehouse;
  t: WarehouseTables;
}

/**
 * The current version's tables (projection_versions): a rebuild's switch changes what every
 * report reads in one step, and a report never mixes versions since it resolves them once.
 */
export async function currentUsageWarehouse(deps: { sql: Queryable; warehouse?: Warehouse }): Promise<UsageWarehouse> {
  if (!deps.warehouse) throw new Error('usage reports need the warehouse, and this server has none');
  const rows = await deps.sql.query<{ current_version: number }>(
    "SELECT current_version FROM projection_versions WHERE name = $1",
    [usageWarehouseName],
  ).catch((error: unknown) => {
    // Before the runner ever started there is no projection_versions table: nothing is projected yet.
    if (/projection_versions/.test(String(error))) return [];
    throw error;
  });
  const version = rows[0] ? Number(rows[0].current_version) : 1;
  return { warehouse: missingTablesAsEmpty(deps.warehouse), t: warehouseTables(version) };
}
