import { quoteString as quote, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { WarehouseTables } from './tables.ts';

// daily_usage of the (user, day) pairs a batch derived again, in ONE statement that reads the
// sessions table and writes the rows: a window rarely covers whole days, so the figures come from
// every counted session of the day, which only the table holds. Reading them back to Node and
// inserting them was two round trips, at the end of every batch, before the checkpoint.

/** Pairs per statement: each pair is a few dozen bytes of SQL, well under ClickHouse's max_query_size (256 KiB). */
const pairsPerStatement = 4_000;

/**
 * Rows of daily_usage for every (user, day) given: 'Total' (counted session lengths and counts)
 * and one row per usage type; a day or type without counted sessions gets a tombstone, which also
 * removes what an earlier derivation wrote for it. Seconds are summed in integer milliseconds, so
 * the order of rows never shows.
 */
export async function writeDailyUsage(
  warehouse: Warehouse,
  t: WarehouseTables,
  days: ReadonlyMap<number, ReadonlySet<string>>,
  /** the batch's derived_version (a UInt128 in decimal digits: versionOf) */
  version: string,
): Promise<void> {
  const statements: string[] = [];
  let chunk: string[] = [];
  let pairs = 0;
  const flush = () => {
    if (chunk.length > 0) statements.push(dailyUsageStatement(t, chunk, version));
    chunk = [];
    pairs = 0;
  };
  for (const [userId, set] of days) {
    let userDays: string[] = [];
    for (const day of set) {
      userDays.push(quote(day));
      if (++pairs >= pairsPerStatement) {
        chunk.push(`(${userId}, [${userDays.join(', ')}])`);
        userDays = [];
        flush();
      }
    }
    if (userDays.length > 0) chunk.push(`(${userId}, [${userDays.join(', ')}])`);
  }
  flush();
  await Promise.all(statements.map((sql) => warehouse.exec(sql)));
}

const usageTypeColumns = [
  ['GuidedUsage', 'guided_seconds'],
  ['ContinuousMusic', 'continuous_music_seconds'],
  ['ContinuousPrograms', 'continuous_programs_seconds'],
  ['OtherUsage', 'other_seconds'],
] as const;

/** `asked`: one `(userId, ['day', ...])` term per user (user ids are numbers we produce, days quoted). */
function dailyUsageStatement(t: WarehouseTables, asked: readonly string[], version: string): string {
  const seconds = (column: string) => `sum(toInt64(round(${column} * 1000))) / 1000`;
  const figure = (name: string, column: string) =>
    `(${quote(name)}, ${seconds(column)}, countIf(${column} > 0), countIf(${column} > 0 AND with_participants))`;
  // Days without counted sessions are not in `figures`: the LEFT JOIN gives them the neutral
  // figures, so their rows are tombstones (sessions = 0).
  const neutral = `[${['Total', ...usageTypeColumns.map(([name]) => name)].map((name) => `(${quote(name)}, toFloat64(0), toUInt64(0), toUInt64(0))`).join(', ')}]`;
  return `INSERT INTO ${t.dailyUsage} (user_id, day, usage_type, seconds, sessions, sessions_with_participants, derived_version, is_deleted)
    WITH asked AS (SELECT toUInt64(pair.1) AS user_id, toDate(arrayJoin(pair.2)) AS day FROM (SELECT arrayJoin([${asked.join(', ')}]) AS pair))
    SELECT user_id, day, figure.1, figure.2, figure.3, figure.4, toUInt128(${quote(version)}), figure.3 = 0
      FROM (
        SELECT asked.user_id AS user_id, asked.day AS day, counted.figures AS figures
          FROM asked
          LEFT JOIN (
            SELECT user_id, day, [
                     ('Total', ${seconds('ifNull(length, 0)')}, count(), countIf(with_participants)),
                     ${usageTypeColumns.map(([name, column]) => figure(name, column)).join(',\n                     ')}
                   ] AS figures
              FROM ${t.sessions} FINAL
             WHERE NOT short AND user_id IN (SELECT user_id FROM asked) AND (user_id, day) IN (SELECT user_id, day FROM asked)
             GROUP BY user_id, day
          ) AS counted ON counted.user_id = asked.user_id AND counted.day = asked.day
      )
      ARRAY JOIN if(empty(figures), ${neutral}, figures) AS figure`;
}
