import { describe, expect, it } from 'vitest';
import { groups } from './load.ts';

// Which users' windows share one term of a window load (minutes as milliseconds).

const minute = 60_000;
const window = (userId: number, startMinute: number, minutes: number) => ({ userId, start: startMinute * minute, end: (startMinute + minutes) * minute });

describe('groups', () => {
  it('should put windows of live play, all around now, in one term', () => {
    const live = Array.from({ length: 40 }, (_, i) => window(i + 1, i % 5, 60));
    const terms = groups(live);
    expect(terms).toHaveLength(1);
    expect(terms[0]!.users.toSorted((a, b) => a - b)).toEqual(live.map((w) => w.userId));
    expect(terms[0]).toMatchObject({ start: 0, end: 64 * minute });
  });

  it('should not chain windows an hour apart into one term of their whole day', () => {
    // 65-minute windows, one an hour after another: each touches the next.
    const spread = Array.from({ length: 40 }, (_, i) => window(i + 1, i * 60, 65));
    const terms = groups(spread);
    expect(terms).toHaveLength(20);
    // Each term spans at most twice its longest window, and every window lies inside its own term.
    for (const term of terms) expect(term.end - term.start).toBeLessThanOrEqual(2 * 65 * minute);
    for (const w of spread) {
      const term = terms.find((t) => t.users.includes(w.userId))!;
      expect(term.start).toBeLessThanOrEqual(w.start);
      expect(term.end).toBeGreaterThanOrEqual(w.end);
    }
  });

  it('should keep windows more than an hour apart in terms of their own', () => {
    expect(groups([window(1, 0, 30), window(2, 95, 30)])).toEqual([
      { users: [1], start: 0, end: 30 * minute },
      { users: [2], start: 95 * minute, end: 125 * minute },
    ]);
  });

  it('should share terms whatever their span when tight ones would make more than 50', () => {
    const many = Array.from({ length: 200 }, (_, i) => window(i + 1, i * 60, 65));
    expect(groups(many)).toEqual([{ users: many.map((w) => w.userId), start: 0, end: (199 * 60 + 65) * minute }]);
  });
});
