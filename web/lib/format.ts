// Spec 3 section 9: YYYY-MM-DD in data, D.M.YYYY H:mm on screen, HH:mm:ss durations,
// all in the user's time zone (default Europe/Helsinki).
export const defaultTimeZone = 'Europe/Helsinki';

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

/** An instant's wall clock in a zone: what the time-zone formats below print. */
interface ZonedClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// The platform's Intl database does the zone arithmetic: luxon did, and was 22 KB gzip of every
// first load (issue 21 item 3). Making a formatter is the costly part, so one per zone.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        // h23: midnight is 0, never the 24 some engines print with hour12: false.
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch (error) {
      // An unknown zone name must not blank the screen: fall back to the product default.
      if (timeZone === defaultTimeZone) throw error;
      formatter = zoneFormatter(defaultTimeZone);
    }
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone itself when the platform knows it, else the product default (what every format here falls back to). */
export function knownTimeZone(timeZone: string): string {
  return zoneFormatter(timeZone).resolvedOptions().timeZone;
}

function zonedClock(instant: string | number | Date, timeZone: string): ZonedClock | null {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** An instant as D.M.YYYY H:mm in the given zone, e.g. 3.1.2026 9:05. */
export function formatDateTime(instant: string | number | Date, timeZone = defaultTimeZone): string {
  const clock = zonedClock(instant, timeZone);
  return clock ? `${clock.day}.${clock.month}.${clock.year} ${clock.hour}:${pad2(clock.minute)}` : '';
}

/** An instant as H:mm in the given zone. */
export function formatTime(instant: string | number | Date, timeZone = defaultTimeZone): string {
  const clock = zonedClock(instant, timeZone);
  return clock ? `${clock.hour}:${pad2(clock.minute)}` : '';
}

/** Link expiry: DD.MM.YYYY H:mm. */
export function formatExpiry(instant: string | number | Date, timeZone = defaultTimeZone): string {
  const clock = zonedClock(instant, timeZone);
  return clock ? `${pad2(clock.day)}.${pad2(clock.month)}.${clock.year} ${clock.hour}:${pad2(clock.minute)}` : '';
}

// Data days are calendar dates with no zone: their arithmetic runs on UTC dates, where every day
// has 24 hours, so a change to summer time never moves a day.
const dayMs = 86_400_000;

function dataDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** A data day as UTC milliseconds, or NaN when it is no real day (2026-02-30). */
function dayTime(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return Number.NaN;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? time : Number.NaN;
}

function dayOfTime(time: number): string {
  const date = new Date(time);
  return dataDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** A data day (YYYY-MM-DD) as D.M.YYYY for headings. */
export function formatDay(day: string): string {
  if (!isDataDay(day)) return day;
  const [year, month, date] = day.split('-').map(Number);
  return `${date}.${month}.${year}`;
}

/** The data day (YYYY-MM-DD) an instant falls on in the given zone. */
export function toDataDay(instant: string | number | Date, timeZone = defaultTimeZone): string {
  const clock = zonedClock(instant, timeZone);
  return clock ? dataDay(clock.year, clock.month, clock.day) : '';
}

/** Today as a data day in the given zone. */
export function todayDataDay(timeZone = defaultTimeZone, now: Date = new Date()): string {
  return toDataDay(now, timeZone);
}

export function isDataDay(value: string): boolean {
  return !Number.isNaN(dayTime(value));
}

export function addDays(day: string, days: number): string {
  return dayOfTime(dayTime(day) + days * dayMs);
}

/** Number of calendar days from first to last, both included. */
export function daysInclusive(firstDay: string, lastDay: string): number {
  return Math.max(0, Math.round((dayTime(lastDay) - dayTime(firstDay)) / dayMs) + 1);
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
  const [year, monthNumber] = month.split('-').map(Number);
  // Day 0 of the next month is the last of this one.
  return dayOfTime(Date.UTC(year!, monthNumber!, 0));
}

export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year!, monthNumber! - 1 + months, 1));
  return dataDay(date.getUTCFullYear(), date.getUTCMonth() + 1, 1).slice(0, 7);
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
  if (!isDataDay(`${month}-01`)) return month;
  const [year, monthNumber] = month.split('-').map(Number);
  return `${monthNumber}/${year}`;
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
