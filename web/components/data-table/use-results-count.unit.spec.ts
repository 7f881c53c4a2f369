import { describe, expect, it } from 'vitest';
import { parseResultsCount } from './use-results-count.ts';

describe('parseResultsCount', () => {
  it('should take every choice of the settings page', () => {
    expect(['5', '10', '20', '50', '100'].map(parseResultsCount)).toEqual([5, 10, 20, 50, 100]);
  });

  it('should fall back to 20 for a missing or unknown value', () => {
    expect(parseResultsCount(undefined)).toBe(20);
    expect(parseResultsCount('7')).toBe(20);
    expect(parseResultsCount('abc')).toBe(20);
  });
});
