import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { getNotConnectedPlays } from '../../queries/usage/get-not-connected-plays.ts';
import { getUsageDetailsLog } from '../../queries/usage/get-usage-details-log.ts';
import { getUsageSessions } from '../../queries/usage/get-usage-sessions.ts';
import { getUsageTotals } from '../../queries/usage/get-usage-totals.ts';
import { currentUsageWarehouse, loadReportUser, reportPeriod } from '../../queries/usage/report-scope.ts';
import type { NotConnectedPlay, UsageDetailsLogRow } from '../../schemas/api/usage-details-log.ts';
import { maxPageSize } from '../../schemas/api/usage-details-log.ts';
import type { UsageSession, UsageTotals } from '../../schemas/api/usage-report.ts';

// The figures of spec 3 section 3 that issue 22 deliverable 5 added (usagePerType, the per-session
// play lists and durations, the usage details log and the not-connected plays), as plain JSON, for
// tests that compare two ways of delivering the same events ("any arrival order gives the same
// figures", DOMAIN.md section 3). It reads through the very query functions the routes use, from
// the warehouse version that is current in Postgres, so what it compares is what users are served.

/** The Postgres and warehouse connections: `{ sql: testApp.sql, warehouse }`, or an app (its deps). */
export interface UsageFiguresSource {
  sql: Queryable;
  /** Optional only because an App's deps type has it so; without one this throws. */
  warehouse?: Warehouse;
}

export interface UsageFiguresScope {
  userIds: readonly number[];
  /** Local days YYYY-MM-DD of every user's own time zone. */
  first: string;
  last: string;
  /** Caps `last` at today as the routes do; default: the real clock. */
  now?: Date;
}

export type SessionFigures = Pick<
  UsageSession,
  | 'sessionId'
  | 'usageTypeInfo'
  | 'gamePlayList'
  | 'audioFilePlayList'
  | 'videoFilePlaylist'
  | 'messageDurations'
  | 'messageClicks'
  | 'categoryDurations'
  | 'audioFileDurations'
>;

export interface UserUsageFigures {
  userId: number;
  usagePerType: UsageTotals['usagePerType'];
  /** Every session of the period, short ones and those without an end too, by start then id. */
  sessions: SessionFigures[];
  /** The whole log, short sessions' plays included, every page read. */
  usageDetailsLog: UsageDetailsLogRow[];
  notConnectedPlays: NotConnectedPlay[];
}

/** The new figures of every user in scope, by user id; every list in a fixed order, every record by key. */
export async function usageFigures(source: UsageFiguresSource | { deps: UsageFiguresSource }, scope: UsageFiguresScope): Promise<UserUsageFigures[]> {
  const deps = 'deps' in source ? source.deps : source;
  const now = scope.now ?? new Date();
  const warehouse = await currentUsageWarehouse(deps);
  const result: UserUsageFigures[] = [];
  for (const userId of [...scope.userIds].sort((a, b) => a - b)) {
    const user = await loadReportUser(deps.sql, userId);
    if (!user) throw new Error(`usageFigures: no user ${userId}`);
    const period = reportPeriod(scope.first, scope.last, user.timeZone, now);
    const totals = await getUsageTotals(deps.sql, warehouse, userId, period);
    const { sessions } = await getUsageSessions(deps.sql, warehouse, userId, period, { showShortSessions: true });
    result.push({
      userId,
      usagePerType: sortKeys(totals.usagePerType),
      sessions: sessions.map((s) => ({
        sessionId: s.sessionId,
        usageTypeInfo: s.usageTypeInfo,
        gamePlayList: s.gamePlayList,
        audioFilePlayList: s.audioFilePlayList,
        videoFilePlaylist: s.videoFilePlaylist,
        messageDurations: sortKeys(s.messageDurations),
        messageClicks: sortKeys(s.messageClicks),
        categoryDurations: sortKeys(s.categoryDurations),
        audioFileDurations: sortKeys(s.audioFileDurations),
      })),
      usageDetailsLog: await allPages((page) => getUsageDetailsLog(deps.sql, warehouse, user, period, true, page)),
      notConnectedPlays: await allPages((page) => getNotConnectedPlays(deps.sql, warehouse, user, period, page)),
    });
  }
  return result;
}

async function allPages<Row>(read: (page: { offset: number; limit: number }) => Promise<{ total: number; rows: Row[] }>): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await read({ offset: rows.length, limit: maxPageSize });
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
}

const sortKeys = <V>(record: Record<string, V>): Record<string, V> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
