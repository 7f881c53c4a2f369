import type { UsageTotals, UsageType } from '../../../schemas/api/usage-report.ts';
import { daysInclusive, eachDay, eachMonth, formatMonth } from '../../lib/format.ts';

// Pure shaping of the usage totals into what the blocks and charts draw (spec 3 sections 2, 9).

/** Periods up to this many days chart one column per day, longer ones one per month. */
export const maxDailyColumns = 31;

export interface ColumnSeries {
  categories: string[];
  values: number[];
}

/** Session counts per day (zeros included) or, for a long period, summed per month. */
export function sessionCountSeries(sessionCounts: Record<string, number>, firstDay: string, lastDay: string): ColumnSeries {
  if (lastDay < firstDay) return { categories: [], values: [] };
  if (daysInclusive(firstDay, lastDay) <= maxDailyColumns) {
    const days = eachDay(firstDay, lastDay);
    return {
      categories: days.map((day) => `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.`),
      values: days.map((day) => sessionCounts[day] ?? 0),
    };
  }
  const months = eachMonth(firstDay, lastDay);
  const perMonth = new Map(months.map((m) => [m, 0]));
  for (const [day, count] of Object.entries(sessionCounts)) {
    const month = day.slice(0, 7);
    if (perMonth.has(month)) perMonth.set(month, (perMonth.get(month) ?? 0) + count);
  }
  return { categories: months.map(formatMonth), values: months.map((m) => perMonth.get(m) ?? 0) };
}

export const overallUsageOrder: readonly UsageType[] = ['GuidedUsage', 'ContinuousMusic', 'ContinuousPrograms', 'OtherUsage'];

export function overallUsageSlices(overall: UsageTotals['overallUsage']): Array<{ type: UsageType; seconds: number }> {
  return overallUsageOrder.map((type) => ({ type, seconds: overall[type]?.duration ?? 0 }));
}

// Spec 3 section 9: the guided pie shows Video as Theme and 'Sing Along' as SingAlong.
const contentTypeMerge: Record<string, string> = { Video: 'Theme', 'Sing Along': 'SingAlong' };

/** Guided seconds per content type, merged, largest first. */
export function guidedUsageSlices(guided: Record<string, number>): Array<{ contentType: string; seconds: number }> {
  const merged = new Map<string, number>();
  for (const [type, seconds] of Object.entries(guided)) {
    const key = contentTypeMerge[type] ?? type;
    merged.set(key, (merged.get(key) ?? 0) + seconds);
  }
  return [...merged.entries()]
    .map(([contentType, seconds]) => ({ contentType, seconds }))
    .filter((s) => s.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds || a.contentType.localeCompare(b.contentType));
}

/** Adds guided usage of several users together (the administrators' pie over all their users). */
export function sumGuidedUsage(all: Array<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const guided of all) for (const [type, seconds] of Object.entries(guided)) sum[type] = (sum[type] ?? 0) + seconds;
  return sum;
}

/** Target choices: 0 to 100 in steps of 5 (spec 3 section 9). */
export const targetChoices: readonly number[] = Array.from({ length: 21 }, (_, i) => i * 5);
