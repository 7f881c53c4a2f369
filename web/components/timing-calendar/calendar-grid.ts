import { DateTime } from 'luxon';

// The calendar of current events as a grid (spec 2 section 2): a month shown in six full weeks,
// Monday first (calendar weeks are 7 days, spec 2 section 9), days as YYYY-MM-DD in
// Europe/Helsinki. Luxon does the date arithmetic; days are calendar days, so DST does not matter.

export const calendarTimeZone = 'Europe/Helsinki';
export const gridDays = 42;

export type SelectionMode = 'day' | 'week';

const day = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });
const iso = (d: DateTime) => d.toISODate()!;

/** Today in Europe/Helsinki. */
export function calendarToday(now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(calendarTimeZone).toISODate()!;
}

/** The month (YYYY-MM) of a day. */
export const monthOfDay = (d: string): string => d.slice(0, 7);

export function shiftMonth(month: string, months: number): string {
  return day(`${month}-01`).plus({ months }).toFormat('yyyy-MM');
}

/** Six weeks of seven days, from the Monday on or before the first of the month. */
export function monthGrid(month: string): string[][] {
  const start = day(`${month}-01`).startOf('week');
  return Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => iso(start.plus({ days: w * 7 + d }))));
}

/** The days a selection covers: the day itself, or the Monday-to-Sunday week holding it. */
export function selectedDays(mode: SelectionMode, selected: string): string[] {
  if (mode === 'day') return [selected];
  const monday = day(selected).startOf('week');
  return Array.from({ length: 7 }, (_, i) => iso(monday.plus({ days: i })));
}

/** Weekday names, Monday first, short, in the locale. */
export function weekdayNames(locale: string): string[] {
  const monday = day('2026-11-23');
  return Array.from({ length: 7 }, (_, i) => monday.plus({ days: i }).setLocale(locale).toFormat('ccc'));
}

/** "November 2026" in the locale, capitalised. */
export function monthTitle(month: string, locale: string): string {
  const text = day(`${month}-01`).setLocale(locale).toFormat('LLLL yyyy');
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "Mon 23.11." in the locale, for the selected days' headings. */
export function dayHeading(d: string, locale: string): string {
  return day(d).setLocale(locale).toFormat('ccc d.M.');
}
