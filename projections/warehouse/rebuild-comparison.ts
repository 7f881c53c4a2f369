import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { HeadlineComparison, HeadlineFigures } from '../../schemas/api/rebuild.ts';
import { warehouseTables } from './tables.ts';

// Headline figures of two warehouse versions side by side, summed over all users, so an operator
// sees what new rules change before switching. Same source as the report's headline: the
// 'Total' rows of daily_usage (counted sessions only; short sessions hidden).

interface TotalsRow { sessions: number; with_participants: number; used_days: number; seconds: number }

export async function headlineFigures(warehouse: Warehouse, version: number, first: string, last: string): Promise<HeadlineFigures> {
  const t = warehouseTables(version);
  const [row] = await warehouse.query<TotalsRow>(
    `SELECT toUInt64(sum(sessions)) AS sessions, toUInt64(sum(sessions_with_participants)) AS with_participants,
            count() AS used_days, sum(seconds) AS seconds
       FROM ${t.dailyUsage} FINAL
      WHERE usage_type = 'Total' AND day BETWEEN {first:Date} AND {last:Date} AND is_deleted = 0`,
    { first, last },
  );
  return {
    version,
    sessionCount: Number(row?.sessions ?? 0),
    sessionWithParticipantsCount: Number(row?.with_participants ?? 0),
    usedDayCount: Number(row?.used_days ?? 0),
    totalUsage: Math.round(Number(row?.seconds ?? 0) * 1000) / 1000,
  };
}

export async function compareHeadlines(warehouse: Warehouse, versions: readonly number[], first: string, last: string): Promise<HeadlineComparison> {
  // With one live version there is nothing to compare against: it is shown as the new side.
  const sorted = [...new Set(versions)].sort((a, b) => a - b).slice(-2);
  const [older, newer] = sorted.length === 1 ? [undefined, sorted[0]] : sorted;
  return {
    first,
    last,
    old: older === undefined ? null : await headlineFigures(warehouse, older, first, last),
    new: newer === undefined ? null : await headlineFigures(warehouse, newer, first, last),
  };
}
