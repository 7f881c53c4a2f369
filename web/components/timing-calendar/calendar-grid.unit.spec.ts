import { describe, expect, it } from 'vitest';
import { calendarToday, dayHeading, monthGrid, monthTitle, selectedDays, shiftMonth, weekdayNames } from './calendar-grid.ts';

describe('timing calendar grid', () => {
  it('should show a month in six Monday-first weeks', () => {
    const grid = monthGrid('2026-11');
    expect(grid).toHaveLength(6);
    expect(grid[0]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(grid[5]![6]).toBe('2026-12-06');
    // A month starting on a Monday starts the grid on its first day.
    expect(monthGrid('2027-02')[0]![0]).toBe('2027-02-01');
  });

  it('should select one day or the Monday-to-Sunday week holding it', () => {
    expect(selectedDays('day', '2026-11-26')).toEqual(['2026-11-26']);
    expect(selectedDays('week', '2026-11-26')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    // Across the October DST change and a month end alike.
    expect(selectedDays('week', '2026-10-25')[0]).toBe('2026-10-19');
    expect(selectedDays('week', '2026-12-31').at(-1)).toBe('2027-01-03');
  });

  it('should move by months and name them in the language', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-11', 'fi')).toBe('Marraskuu 2026');
    expect(monthTitle('2026-11', 'sv')).toBe('November 2026');
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(dayHeading('2026-11-23', 'en')).toBe('Mon 23.11.');
  });

  it('should take today in Helsinki', () => {
    expect(calendarToday(new Date('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
    expect(calendarToday(new Date('2026-11-23T21:59:59Z'))).toBe('2026-11-23');
  });
});
