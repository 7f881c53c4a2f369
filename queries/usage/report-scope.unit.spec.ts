import { describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors.ts';
import { reportPeriod } from './report-scope.ts';

// The period of a report: capped at today in the user's time zone, counted in calendar days
// (DST days included), bounded to 366 days, with the instants that bound time-keyed tables.

const errorOf = (f: () => unknown): AppError => {
  try {
    f();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an error');
};

describe('reportPeriod', () => {
  // 23:00 UTC on 20 January: already the 21st in Helsinki (UTC+2), still the 20th in New York.
  const lateEvening = new Date('2026-01-20T23:00:00.000Z');

  it('should cap the last day at today in the user time zone', () => {
    expect(reportPeriod('2026-01-01', '2026-01-31', 'Europe/Helsinki', lateEvening)).toMatchObject({ last: '2026-01-21', dayCount: 21 });
    expect(reportPeriod('2026-01-01', '2026-01-31', 'America/New_York', lateEvening)).toMatchObject({ last: '2026-01-20', dayCount: 20 });
  });

  it('should bound the period by local midnights, also on DST days', () => {
    // 29 March 2026 in Helsinki: 00:00 is UTC+2, the next midnight UTC+3; a 23-hour day.
    expect(reportPeriod('2026-03-29', '2026-03-29', 'Europe/Helsinki', new Date('2026-04-01T00:00:00Z'))).toEqual({
      first: '2026-03-29',
      last: '2026-03-29',
      dayCount: 1,
      fromUtc: '2026-03-28 22:00:00.000',
      toUtc: '2026-03-29 21:00:00.000',
      timeZone: 'Europe/Helsinki',
    });
  });

  it('should allow a leap year and refuse anything longer', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(reportPeriod('2024-01-01', '2024-12-31', 'Europe/Helsinki', now).dayCount).toBe(366);
    const tooLong = errorOf(() => reportPeriod('2024-01-01', '2025-01-01', 'Europe/Helsinki', now));
    expect(tooLong.kind).toBe('ValidationError');
    expect(tooLong.details).toEqual([{ path: 'params.last', message: 'A period is at most 366 days' }]);
  });

  it('should refuse a first day after the last, or after today', () => {
    expect(errorOf(() => reportPeriod('2026-01-10', '2026-01-09', 'Europe/Helsinki', lateEvening)).details).toEqual([{ path: 'params.first', message: 'The first day is after the last day' }]);
    expect(errorOf(() => reportPeriod('2026-01-22', '2026-01-30', 'Europe/Helsinki', lateEvening)).details).toEqual([{ path: 'params.first', message: 'The period starts after today' }]);
  });
});
