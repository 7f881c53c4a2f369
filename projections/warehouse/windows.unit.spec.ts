import { describe, expect, it } from 'vitest';
import { closeRegion, widerWindowIfNeeded } from './windows.ts';

// The region a batch replaces, and when a user's window must be loaded wider (minutes as numbers).

describe('closeRegion', () => {
  it('should grow by every span that overlaps it, transitively, and stop at a gap', () => {
    const spans = [
      { start: 5, end: 12 }, // overlaps the core
      { start: 11, end: 30 }, // overlaps the first: chained in
      { start: 31, end: 40 }, // after a gap: stays out
      { start: -20, end: -1 }, // before a gap: stays out
    ];
    expect(closeRegion({ start: 0, end: 6 }, spans)).toEqual({ start: 0, end: 30 });
  });
});

describe('widerWindowIfNeeded', () => {
  const gap = 15;
  it('should keep a window whose region stays a gap away from both edges', () => {
    expect(widerWindowIfNeeded({ start: 0, end: 100 }, { start: 15, end: 85 }, [], gap, 16)).toBeNull();
  });
  it('should widen the side the region comes too close to', () => {
    expect(widerWindowIfNeeded({ start: 0, end: 100 }, { start: 14, end: 50 }, [], gap, 16)).toEqual({ start: -2, end: 100 });
    expect(widerWindowIfNeeded({ start: 0, end: 100 }, { start: 50, end: 86 }, [], gap, 16)).toEqual({ start: 0, end: 102 });
  });
  it('should reach back to the start of an explicit session that spans the lower edge', () => {
    expect(widerWindowIfNeeded({ start: 0, end: 100 }, { start: 40, end: 60 }, [{ start: -50, end: 45 }], gap, 16)).toEqual({ start: -66, end: 100 });
  });
});
