import { DateTime } from 'luxon';

// Spec 3 section 9: YYYY-MM-DD in data, D.M.YYYY H:mm on screen, HH:mm:ss durations,
// all in the user's time zone (default Europe/Helsinki).
export const defaultTimeZone = 'Europe/Helsinki';
const dataDayFormat = 'yyyy-MM-dd';

/** Seconds as HH:mm:ss; hours keep growing past 24 so a month total stays readable. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${pad2(h)}:${pad2(m)}:${pad2(s)}`;
}

/**
 * Spec 1 section 9: a length as mm:ss, or hh:mm:ss once it has hours. A file's length rounds; a
 * playing position floors ('floor'), so 65.9 s into a song still reads 01:05 until 01:06 is reached.
 */
export function formatLength(totalSeconds: number, rounding: 'round' | 'floor' = 'round'): string {
  const seconds = Math.max(0, Math[rounding](Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const mmss = `${pad2(Math.floor((seconds % 3600) / 60))}:${pad2(seconds % 60)}`;
  return h > 0 ? `${pad2(h)}:${mmss}` : mmss;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function toDateTime(instant: string | number | Date, timeZone: string): DateTime {
  const dt =
    typeof instant === 'string'
      ? DateTime.fromISO(instant, { setZone: false })
      : DateTime.fromJSDate(typeof instant === 'number' ? new Date(instant) : instant);
  const zoned = dt.setZone(timeZone);
  // An unknown zone name must not blank the screen: fall back to the product default.
  return zoned.isValid ? zoned : dt.setZone(defaultTimeZone);
}

/** An instant as D.M.YYYY H:mm in the given zone, e.g. 3.1.2026 9:05. */
export function formatDateTime(instant: string | number | Date, timeZone = defaultTimeZone): string {
  const dt = toDateTime(instant, timeZone);
  return dt.isValid ? dt.toFormat('d.M.yyyy H:mm') : '';
}

/** An instant as H:mm in the given zone. */
export function formatTime(instant: string | number | Date, timeZone = defaultTimeZone): string {
  const dt = toDateTime(instant, timeZone);
  return dt.isValid ? dt.toFormat('H:mm') : '';
}

/** Link expiry: DD.MM.YYYY H:mm. */
export function formatExpiry(instant: string | number | Date, timeZone = defaultTimeZone): string {
  const dt = toDateTime(instant, timeZone);
  return dt.isValid ? dt.toFormat('dd.MM.yyyy H:mm') : '';
}

/** A data day (YYYY-MM-DD) as D.M.YYYY for headings. */
export function formatDay(day: string): string {
  const dt = DateTime.fromISO(day);
  return dt.isValid ? dt.toFormat('d.M.yyyy') : day;
}

/** The data day (YYYY-MM-DD) an instant falls on in the given zone. */
export function toDataDay(instant: string | number | Date, timeZone = defaultTimeZone): string {
  return toDateTime(instant, timeZone).toFormat(dataDayFormat);
}

/** Today as a data day in the given zone. */
export function todayDataDay(timeZone = defaultTimeZone, now: Date = new Date()): string {
  return toDataDay(now, timeZone);
}

export function isDataDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid;
}

export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day).plus({ days }).toFormat(dataDayFormat);
}

/** Number of calendar days from first to last, both included. */
export function daysInclusive(firstDay: string, lastDay: string): number {
  const diff = DateTime.fromISO(lastDay).diff(DateTime.fromISO(firstDay), 'days').days;
  return Math.max(0, Math.round(diff) + 1);
}

/** Every data day from first to last, both included. */
export function eachDay(firstDay: string, lastDay: string): string[] {
  const out: string[] = [];
  for (let d = firstDay; d <= lastDay; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A month as YYYY-MM. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function firstDayOfMonth(month: string): string {
  return `${month}-01`;
}

export function lastDayOfMonth(month: string): string {
  return DateTime.fromISO(`${month}-01`).endOf('month').toFormat(dataDayFormat);
}

export function addMonths(month: string, months: number): string {
  return DateTime.fromISO(`${month}-01`).plus({ months }).toFormat('yyyy-MM');
}

/** Every month (YYYY-MM) touched by the period, in order. */
export function eachMonth(firstDay: string, lastDay: string): string[] {
  const out: string[] = [];
  const last = monthOf(lastDay);
  for (let m = monthOf(firstDay); m <= last; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** A month as M/YYYY for chart axes. */
export function formatMonth(month: string): string {
  const dt = DateTime.fromISO(`${month}-01`);
  return dt.isValid ? dt.toFormat('M/yyyy') : month;
}

/**
 * The period a month covers: its first day to its last, the last capped at today
 * (spec 3 section 9), so the current month never reaches into the future.
 */
export function monthPeriod(month: string, today: string): { firstDay: string; lastDay: string } {
  const last = lastDayOfMonth(month);
  return { firstDay: firstDayOfMonth(month), lastDay: last > today ? today : last };
}

/** Spec 3 section 9: the public and participation reports cover the last 7 days, 14 on a local host. */
export function recentReportDayCount(hostname: string): number {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' ? 14 : 7;
}

/** The last `dayCount` days up to today in the zone, both ends included. */
export function lastDaysPeriod(dayCount: number, timeZone = defaultTimeZone, now: Date = new Date()): { firstDay: string; lastDay: string } {
  const lastDay = todayDataDay(timeZone, now);
  return { firstDay: addDays(lastDay, -(dayCount - 1)), lastDay };
}
