import { describe, expect, it } from 'vitest';
import { daysBetween, isSpecialDay, localDay, recipeOfDay, recurringMatch, timingsOfDay, type RecurringTiming } from './recipe-timing-rules.ts';

const recurring = (id: number, recipeId: number, fields: Partial<RecurringTiming>): RecurringTiming => ({ id, recipeId, month: null, day: null, week: null, special: false, ...fields });

describe('recipe timing rules', () => {
  it('should match a date timing on that month and day every year', () => {
    const christmasEve = recurring(1, 7, { month: 12, day: 24, special: true });
    expect(recurringMatch(christmasEve, '2026-12-24')).toBe('date');
    expect(recurringMatch(christmasEve, '2031-12-24')).toBe('date');
    expect(recurringMatch(christmasEve, '2026-12-25')).toBeNull();
    expect(recurringMatch(recurring(2, 7, { month: 2, day: 29 }), '2027-02-28')).toBeNull();
    expect(recurringMatch(recurring(2, 7, { month: 2, day: 29 }), '2028-02-29')).toBe('date');
  });

  it('should match a week timing by ISO week number, and by ISO weekday when a day is given', () => {
    // 2026-11-23 is the Monday of ISO week 48.
    expect(recurringMatch(recurring(1, 7, { week: 48 }), '2026-11-23')).toBe('week');
    expect(recurringMatch(recurring(1, 7, { week: 48 }), '2026-11-29')).toBe('week');
    expect(recurringMatch(recurring(1, 7, { week: 48 }), '2026-11-30')).toBeNull();
    expect(recurringMatch(recurring(1, 7, { week: 48, day: 1 }), '2026-11-23')).toBe('weekday');
    expect(recurringMatch(recurring(1, 7, { week: 48, day: 1 }), '2026-11-24')).toBeNull();
    // 2027-01-01 is a Friday of week 53 of 2026: the week number counts, not the week-year.
    expect(recurringMatch(recurring(1, 7, { week: 53 }), '2027-01-01')).toBe('week');
    expect(recurringMatch(recurring(1, 7, { week: 1 }), '2027-01-01')).toBeNull();
  });

  it("should put the day's own timing first, then dates, weekdays and whole weeks, special first", () => {
    const timings = [recurring(10, 3, { week: 48 }), recurring(11, 4, { week: 48, day: 2 }), recurring(12, 5, { month: 11, day: 24 }), recurring(13, 6, { week: 48, special: true })];
    const day = '2026-11-24';
    expect(timingsOfDay(day, [], timings).map((t) => t.recipeId)).toEqual([5, 4, 6, 3]);
    expect(recipeOfDay(day, [{ id: 1, recipeId: 9, day }, { id: 2, recipeId: 8, day: '2026-11-25' }], timings)).toBe(9);
    expect(recipeOfDay('2026-11-30', [], timings)).toBeNull();
    expect(isSpecialDay(day, timings)).toBe(true);
    expect(isSpecialDay('2026-11-30', timings)).toBe(false);
  });

  it('should take the local day in the time zone, across DST changes and local midnight', () => {
    // Helsinki: UTC+3 until 2026-10-25 04:00 local (01:00 UTC), UTC+2 after.
    expect(localDay(new Date('2026-10-24T20:59:59Z'), 'Europe/Helsinki')).toBe('2026-10-24');
    expect(localDay(new Date('2026-10-24T21:00:00Z'), 'Europe/Helsinki')).toBe('2026-10-25');
    expect(localDay(new Date('2026-10-25T21:59:59Z'), 'Europe/Helsinki')).toBe('2026-10-25');
    expect(localDay(new Date('2026-10-25T22:00:00Z'), 'Europe/Helsinki')).toBe('2026-10-26');
    expect(daysBetween('2026-03-28', '2026-03-30')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });
});
