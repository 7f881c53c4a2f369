import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../infra/errors.ts';
import { at } from '../../../tests/support/derivation-fixtures.ts';
import { assertTimeZone, dayBounds, daysOfRange, localDay, localClock, localTime } from './local-day.ts';

const hours = (b: { start: number; end: number }) => (b.end - b.start) / 3_600_000;

describe('local days', () => {
  it('has a 23-hour day when DST starts in Helsinki (29 March 2026) and a 25-hour day when it ends (25 October 2026)', () => {
    // 29 March: 00:00 EET = 28 Mar 22:00Z; 30 March 00:00 EEST = 29 Mar 21:00Z -> 23 h.
    expect(dayBounds('2026-03-29', 'Europe/Helsinki')).toEqual({ start: at('2026-03-28T22:00:00Z'), end: at('2026-03-29T21:00:00Z') });
    // 25 October: 00:00 EEST = 24 Oct 21:00Z; 26 October 00:00 EET = 25 Oct 22:00Z -> 25 h.
    expect(dayBounds('2026-10-25', 'Europe/Helsinki')).toEqual({ start: at('2026-10-24T21:00:00Z'), end: at('2026-10-25T22:00:00Z') });
    expect(hours(dayBounds('2026-03-28', 'Europe/Helsinki'))).toBe(24);
    // New York changes on other dates (8 March and 1 November 2026).
    expect(hours(dayBounds('2026-03-29', 'America/New_York'))).toBe(24);
    expect(hours(dayBounds('2026-03-08', 'America/New_York'))).toBe(23);
    expect(hours(dayBounds('2026-11-01', 'America/New_York'))).toBe(25);
  });

  it('gives 03:30 twice on 25 October 2026 in Helsinki, both on that day', () => {
    // 00:30Z = 03:30 EEST (+3); 01:30Z = 03:30 EET (+2).
    for (const instant of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(localDay(at(instant), 'Europe/Helsinki')).toBe('2026-10-25');
      expect(localTime(at(instant), 'Europe/Helsinki')).toBe('03:30:00');
    }
  });

  it('puts the same instant on different days in different zones', () => {
    // 21:30Z on 4 May: Helsinki 00:30 on 5 May (+3), Stockholm 23:30 on 4 May (+2), New York 17:30 (-4).
    const instant = at('2026-05-04T21:30:00Z');
    expect(localDay(instant, 'Europe/Helsinki')).toBe('2026-05-05');
    expect(localDay(instant, 'Europe/Stockholm')).toBe('2026-05-04');
    expect(localTime(instant, 'America/New_York')).toBe('17:30:00');
  });

  it('lists every day a range touches, across the short and long days', () => {
    expect(daysOfRange(at('2026-03-28T21:59:59Z'), at('2026-03-29T21:00:00Z'), 'Europe/Helsinki')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(daysOfRange(at('2026-10-24T21:00:00Z'), at('2026-10-25T21:59:59Z'), 'Europe/Helsinki')).toEqual(['2026-10-25']);
  });

  it('caches offsets without ever disagreeing with luxon, minute by minute around every 2026 transition', () => {
    // zone -> transitions in 2026 (Lord Howe moves by 30 min, Kathmandu sits at +5:45 all year)
    const zones = { 'Europe/Helsinki': 2, 'Europe/Stockholm': 2, 'America/New_York': 2, 'Australia/Lord_Howe': 2, 'Asia/Kathmandu': 0 };
    const hour = 3_600_000;
    for (const [zone, transitions] of Object.entries(zones)) {
      const clock = localClock(zone);
      const offset = (t: number) => DateTime.fromMillis(t, { zone }).offset;
      const checked: number[] = [];
      let found = 0;
      // Probing every 6 h (luxon takes ~50 us a call); the real transitions are months apart.
      for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 6 * hour) {
        checked.push(t + 1_234);
        // A transition in these 6 hours: check every minute from 1 h before to 1 h after them.
        if (offset(t) !== offset(t + 6 * hour)) {
          found += 1;
          for (let m = t - hour; m <= t + 7 * hour; m += 60_000) checked.push(m, m - 1);
        }
      }
      expect(found, zone).toBe(transitions);
      for (const t of checked) {
        const [day, time] = [clock.day(t), clock.time(t)];
        if (day !== localDay(t, zone) || time !== localTime(t, zone)) expect.fail(`${zone} ${new Date(t).toISOString()}: ${day} ${time}`);
      }
    }
  }, 30_000);

  it('refuses an unknown time zone with a ValidationError', () => {
    expect(() => assertTimeZone('Mars/Olympus')).toThrow(AppError);
    expect(() => assertTimeZone('Europe/Helsinki')).not.toThrow();
  });
});
