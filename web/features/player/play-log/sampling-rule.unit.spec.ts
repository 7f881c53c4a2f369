import { describe, expect, it } from 'vitest';
import { shouldSample } from './sampling-rule.ts';

describe('shouldSample', () => {
  it('samples the first point', () => {
    expect(shouldSample(null, null, { at: 0, position: 0 })).toBe(true);
  });

  it('samples only when more than 5 s have passed since the last sample', () => {
    expect(shouldSample(10_000, 7.9, { at: 14_999, position: 8 })).toBe(false);
    expect(shouldSample(10_000, 7.9, { at: 15_000, position: 8 })).toBe(false);
    expect(shouldSample(10_000, 7.9, { at: 15_001, position: 8 })).toBe(true);
  });

  it('samples when the time moved back by more than 1 s since the previous reading', () => {
    expect(shouldSample(10_000, 30, { at: 10_500, position: 29 })).toBe(false);
    expect(shouldSample(10_000, 30, { at: 10_500, position: 28.9 })).toBe(true);
    expect(shouldSample(10_000, 30, { at: 10_500, position: 0 })).toBe(true);
  });

  it('does not sample a seek forward within 5 s', () => {
    expect(shouldSample(0, 10, { at: 1000, position: 200 })).toBe(false);
  });
});
