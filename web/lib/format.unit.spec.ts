import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysInclusive,
  eachDay,
  eachMonth,
  formatDateTime,
  formatDay,
  formatDuration,
  formatExpiry,
  formatLength,
  formatMonth,
  formatTime,
  isDataDay,
  knownTimeZone,
  lastDaysPeriod,
  lastDayOfMonth,
  monthPeriod,
  recentReportDayCount,
  toDataDay,
  todayDataDay,
} from './format.ts';

describe('formatLength', () => {
  it('should show mm:ss, and hh:mm:ss only with hours', () => {
    expect(formatLength(0)).toBe('00:00');
    expect(formatLength(65)).toBe('01:05');
    expect(formatLength(3599)).toBe('59:59');
    expect(formatLength(3600)).toBe('01:00:00');
    expect(formatLength(37_230.4)).toBe('10:20:30');
    expect(formatLength(Number.NaN)).toBe('00:00');
    expect(formatLength(-5)).toBe('00:00');
  });

  it('should round a length, and floor a playing position', () => {
    expect(formatLength(65.9)).toBe('01:06');
    expect(formatLength(65.9, 'floor')).toBe('01:05');
    expect(formatLength(3600 + 61, 'floor')).toBe('01:01:01');
  });
});

describe('formatDuration', () => {
  it('should pad hours, minutes and seconds to two digits', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(5)).toBe('00:00:05');
    expect(formatDuration(3 * 3600 + 7 * 60 + 9)).toBe('03:07:09');
  });
  it('should let hours grow past a day', () => {
    expect(formatDuration(100 * 3600 + 61)).toBe('100:01:01');
  });
  it('should round fractions and treat negative or non-finite input as zero', () => {
    expect(formatDuration(59.6)).toBe('00:01:00');
    expect(formatDuration(-4)).toBe('00:00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00:00');
  });
});

describe('formatDateTime', () => {
  it('should show D.M.YYYY H:mm in Helsinki time by default', () => {
    // 07:05 UTC in winter is 09:05 in Helsinki (UTC+2).
    expect(formatDateTime('2026-01-03T07:05:00Z')).toBe('3.1.2026 9:05');
  });
  it('should follow the user time zone, summer time included', () => {
    expect(formatDateTime('2026-07-03T07:05:00Z', 'Europe/Helsinki')).toBe('3.7.2026 10:05');
    expect(formatDateTime('2026-07-03T07:05:00Z', 'Europe/Stockholm')).toBe('3.7.2026 9:05');
    expect(formatDateTime(Date.UTC(2026, 0, 3, 7, 5), 'UTC')).toBe('3.1.2026 7:05');
  });
  it('should fall back to Helsinki for an unknown zone', () => {
    expect(formatDateTime('2026-01-03T07:05:00Z', 'Mars/Base')).toBe('3.1.2026 9:05');
  });
  it('should give an empty string for an invalid instant', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
  it('should format times and link expiry', () => {
    expect(formatTime('2026-01-03T22:30:00Z')).toBe('0:30');
    expect(formatExpiry('2026-01-03T07:05:00Z')).toBe('03.01.2026 9:05');
  });
});

describe('time zones and summer time', () => {
  it('should move the clock an hour on the days Helsinki changes to and from summer time', () => {
    // 29 March 2026: 03:00 local (01:00 UTC) becomes 04:00.
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('29.3.2026 2:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29.3.2026 4:00');
    // 25 October 2026: 04:00 local (01:00 UTC) becomes 03:00, so 3:30 happens twice.
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('3:30');
    expect(formatTime('2026-10-25T01:30:00Z')).toBe('3:30');
  });
  it('should put an evening instant on the right day on either side of a change', () => {
    expect(toDataDay('2026-03-28T21:30:00Z')).toBe('2026-03-28'); // 23:30 at UTC+2
    expect(toDataDay('2026-03-29T21:30:00Z')).toBe('2026-03-30'); // 00:30 at UTC+3
    expect(toDataDay('2026-10-24T21:30:00Z')).toBe('2026-10-25'); // 00:30 at UTC+3
    expect(toDataDay('2026-10-25T21:30:00Z')).toBe('2026-10-25'); // 23:30 at UTC+2
  });
  it('should follow zones west of UTC, half-hour offsets and the far side of the date line', () => {
    expect(formatDateTime('2026-07-03T02:05:00Z', 'America/New_York')).toBe('2.7.2026 22:05');
    expect(formatDateTime('2026-01-03T07:05:00Z', 'Asia/Kolkata')).toBe('3.1.2026 12:35');
    expect(toDataDay('2026-01-03T11:00:00Z', 'Pacific/Kiritimati')).toBe('2026-01-04');
    expect(formatExpiry(new Date('2026-12-31T23:59:00Z'), 'UTC')).toBe('31.12.2026 23:59');
  });
  it('should know a zone the platform knows, and fall back to Helsinki for any other', () => {
    expect(knownTimeZone('Europe/Stockholm')).toBe('Europe/Stockholm');
    expect(knownTimeZone('Mars/Base')).toBe('Europe/Helsinki');
  });
  it('should print midnight as 0:00, never 24:00', () => {
    expect(formatTime('2026-01-03T22:00:00Z')).toBe('0:00');
  });
  it('should count calendar days, not 24-hour spans, across a change to summer time', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-11-01', -8)).toBe('2026-10-24');
    expect(daysInclusive('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysInclusive('2026-10-01', '2026-10-31')).toBe(31);
    expect(eachDay('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });
  it('should give nothing for an invalid instant, and keep a text that is no day as it is', () => {
    expect(formatTime('not a date')).toBe('');
    expect(toDataDay('not a date')).toBe('');
    expect(formatDay('2026-02-30')).toBe('2026-02-30');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(daysInclusive('2026-01-05', '2026-01-01')).toBe(0);
  });
});

describe('data days', () => {
  it('should give the day an instant falls on in the zone', () => {
    // 22:30 UTC on 3 January is already 4 January in Helsinki.
    expect(toDataDay('2026-01-03T22:30:00Z')).toBe('2026-01-04');
    expect(toDataDay('2026-01-03T22:30:00Z', 'UTC')).toBe('2026-01-03');
    expect(todayDataDay('Europe/Helsinki', new Date('2026-03-31T21:30:00Z'))).toBe('2026-04-01');
  });
  it('should validate YYYY-MM-DD', () => {
    expect(isDataDay('2026-02-28')).toBe(true);
    expect(isDataDay('2026-02-30')).toBe(false);
    expect(isDataDay('2026-2-28')).toBe(false);
  });
  it('should count and list days across a month end', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysInclusive('2026-01-01', '2026-01-31')).toBe(31);
    expect(daysInclusive('2026-01-05', '2026-01-05')).toBe(1);
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(formatDay('2026-03-02')).toBe('2.3.2026');
  });
});

describe('months', () => {
  it('should find the last day, leap years included', () => {
    expect(lastDayOfMonth('2024-02')).toBe('2024-02-29');
    expect(lastDayOfMonth('2026-02')).toBe('2026-02-28');
    expect(lastDayOfMonth('2026-12')).toBe('2026-12-31');
  });
  it('should step months over a year end', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(eachMonth('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(formatMonth('2026-03')).toBe('3/2026');
  });
  it('should cap the current month at today', () => {
    expect(monthPeriod('2026-11', '2026-11-22')).toEqual({ firstDay: '2026-11-01', lastDay: '2026-11-22' });
    expect(monthPeriod('2026-10', '2026-11-22')).toEqual({ firstDay: '2026-10-01', lastDay: '2026-10-31' });
  });
});

describe('recent report period', () => {
  it('should cover 7 days, 14 on a local host', () => {
    expect(recentReportDayCount('sointu.example')).toBe(7);
    expect(recentReportDayCount('localhost')).toBe(14);
    expect(recentReportDayCount('127.0.0.1')).toBe(14);
  });
  it('should end today in the unit time zone', () => {
    const now = new Date('2026-03-01T22:30:00Z'); // already 2 March in Helsinki
    expect(lastDaysPeriod(7, 'Europe/Helsinki', now)).toEqual({ firstDay: '2026-02-24', lastDay: '2026-03-02' });
    expect(lastDaysPeriod(7, 'UTC', now)).toEqual({ firstDay: '2026-02-23', lastDay: '2026-03-01' });
  });
});
