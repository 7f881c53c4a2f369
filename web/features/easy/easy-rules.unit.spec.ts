import { describe, expect, it } from 'vitest';
import { greetingFor, hourIn, likeActions, playKey, shouldLeaveEasyList } from './easy-rules.ts';

describe('greetingFor', () => {
  it.each([
    [6, 'Good morning'],
    [9, 'Good morning'],
    [10, 'Good late morning'],
    [11, 'Good late morning'],
    [12, 'Good day'],
    [13, 'Good day'],
    [14, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [20, 'Good evening'],
    [21, 'Good night'],
    [23, 'Good night'],
    [0, 'Good night'],
    [5, 'Good night'],
  ])('should greet at %i with %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });
});

describe('hourIn', () => {
  it("should read the hour in the user's time zone", () => {
    const at = new Date('2026-11-24T05:30:00Z');
    expect(hourIn('Europe/Helsinki', at)).toBe(7);
    expect(hourIn('Europe/Stockholm', at)).toBe(6);
    expect(greetingFor(hourIn('Europe/Helsinki', at))).toBe('Good morning');
    expect(greetingFor(hourIn('Europe/Stockholm', new Date('2026-11-24T04:30:00Z')))).toBe('Good night');
  });

  it('should fall back to Helsinki for an unknown zone, and count midnight as 0', () => {
    expect(hourIn('Not/AZone', new Date('2026-06-01T09:00:00Z'))).toBe(12);
    expect(hourIn('UTC', new Date('2026-06-01T00:10:00Z'))).toBe(0);
  });
});

describe('shouldLeaveEasyList', () => {
  const joined = '2026-11-20T10:00:00.000Z';
  const at = (day: number, score: number) => ({ time: `2026-11-${day}T10:00:00.000Z`, score });

  it('should remove after the latest three ratings since joining are all -1', () => {
    expect(shouldLeaveEasyList([at(21, -1), at(22, -1), at(23, -1)], joined)).toBe(true);
    expect(shouldLeaveEasyList([at(21, 1), at(22, -1), at(23, -1), at(24, -1)], joined)).toBe(true);
  });

  it('should keep with fewer than three, or a like among the latest three', () => {
    expect(shouldLeaveEasyList([at(21, -1), at(22, -1)], joined)).toBe(false);
    expect(shouldLeaveEasyList([at(21, -1), at(22, 1), at(23, -1)], joined)).toBe(false);
    expect(shouldLeaveEasyList([at(21, -1), at(23, -1), at(22, 0)], joined)).toBe(false);
  });

  it('should not count ratings from before the file joined the list, and order by time', () => {
    expect(shouldLeaveEasyList([at(18, -1), at(19, -1), at(21, -1)], joined)).toBe(false);
    expect(shouldLeaveEasyList([at(24, -1), at(18, 1), at(22, -1), at(23, -1)], joined)).toBe(true);
  });
});

describe('likeActions and playKey', () => {
  it('should add to the easy list only in recommendation mode and when absent, and rate once per play', () => {
    expect(likeActions('recommendation', false, false)).toEqual({ addToList: true, rate: true });
    expect(likeActions('recommendation', true, false)).toEqual({ addToList: false, rate: true });
    expect(likeActions('favorites', false, false)).toEqual({ addToList: false, rate: true });
    expect(likeActions('recommendation', false, true)).toEqual({ addToList: true, rate: false });
    expect(playKey(5, '2026-11-24T08:00:00.000Z')).not.toBe(playKey(5, '2026-11-24T09:00:00.000Z'));
  });
});
