import { DateTime } from 'luxon';

// Which recipes a calendar day has, which one is the day's recipe ("today's recipe", spec 2
// sections 2 and 3), and which days are special (orange in the calendar). Pure: the caller has
// already turned "now" into a local calendar day in the user's time zone and loaded the user
// group's timings (tables of migration 013).
//
// Matching of a recurring timing (UgRecurringRecipeTiming) against a local day D:
// - a date timing (week null; month and day set) matches when D's month is `month` and D's day
//   of the month is `day`, every year (29 February only in leap years);
// - a week timing (week set, month null) matches when D's ISO 8601 week number is `week`, and,
//   when `day` is set, D's ISO weekday is `day` (1 Monday ... 7 Sunday); without `day` every day
//   of that week matches. The week number alone counts, not its week-year: 1 January 2027 (a
//   Friday) is in week 53 and matches week 53 timings. Week 53 exists only in long years.
// Precedence of a day's timings, first is the day's recipe:
//   1. the group's timings of that very day (UgRecipeTiming),
//   2. recurring date timings,
//   3. recurring week timings with a weekday,
//   4. recurring whole-week timings;
// within a rank special timings come first, then the lower id. A day is special when any
// recurring timing matching it is special.

export interface DayTiming {
  id: number;
  recipeId: number;
  /** YYYY-MM-DD. */
  day: string;
}

export interface RecurringTiming {
  id: number;
  recipeId: number;
  month: number | null;
  day: number | null;
  week: number | null;
  special: boolean;
}

export type TimingKind = 'day' | 'date' | 'weekday' | 'week';

export interface MatchedTiming {
  kind: TimingKind;
  /** The id of the UgRecipeTiming (kind day) or UgRecurringRecipeTiming row. */
  id: number;
  recipeId: number;
  special: boolean;
}

/** How a recurring timing matches `day` (YYYY-MM-DD), or null when it does not. */
export function recurringMatch(timing: RecurringTiming, day: string): Exclude<TimingKind, 'day'> | null {
  const d = DateTime.fromISO(day, { zone: 'UTC' });
  if (!d.isValid) return null;
  if (timing.week === null) {
    return timing.month === d.month && timing.day === d.day ? 'date' : null;
  }
  if (timing.month !== null || timing.week !== d.weekNumber) return null;
  if (timing.day === null) return 'week';
  return timing.day === d.weekday ? 'weekday' : null;
}

const rank: Record<TimingKind, number> = { day: 0, date: 1, weekday: 2, week: 3 };

/** The timings of `day`, the day's recipe first. */
export function timingsOfDay(day: string, dayTimings: readonly DayTiming[], recurring: readonly RecurringTiming[]): MatchedTiming[] {
  const matched: MatchedTiming[] = dayTimings.filter((t) => t.day === day).map((t) => ({ kind: 'day', id: t.id, recipeId: t.recipeId, special: false }));
  for (const t of recurring) {
    const kind = recurringMatch(t, day);
    if (kind) matched.push({ kind, id: t.id, recipeId: t.recipeId, special: t.special });
  }
  return matched.sort((a, b) => rank[a.kind] - rank[b.kind] || Number(b.special) - Number(a.special) || a.id - b.id);
}

/** The day's recipe: the first of its timings, or null when it has none. */
export function recipeOfDay(day: string, dayTimings: readonly DayTiming[], recurring: readonly RecurringTiming[]): number | null {
  return timingsOfDay(day, dayTimings, recurring)[0]?.recipeId ?? null;
}

/** A special day: some recurring timing matching it is special. */
export function isSpecialDay(day: string, recurring: readonly RecurringTiming[]): boolean {
  return recurring.some((t) => t.special && recurringMatch(t, day) !== null);
}

/** The local calendar day (YYYY-MM-DD) of `now` in `timeZone`. */
export function localDay(now: Date, timeZone: string): string {
  return DateTime.fromJSDate(now).setZone(timeZone).toISODate()!;
}

/** Every day from `first` to `last`, both included (calendar days, so DST changes do not matter). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  let d = DateTime.fromISO(first, { zone: 'UTC' });
  const end = DateTime.fromISO(last, { zone: 'UTC' });
  while (d <= end) {
    days.push(d.toISODate()!);
    d = d.plus({ days: 1 });
  }
  return days;
}
