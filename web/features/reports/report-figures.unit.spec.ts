import { describe, expect, it } from 'vitest';
import { guidedUsageSlices, overallUsageSlices, sessionCountSeries, sumGuidedUsage, targetChoices } from './report-figures.ts';

describe('sessionCountSeries', () => {
  it('should give one column per day, zeros included, for 31 days or fewer', () => {
    const series = sessionCountSeries({ '2026-01-02': 3, '2026-01-31': 1 }, '2026-01-01', '2026-01-31');
    expect(series.categories).toHaveLength(31);
    expect(series.categories[0]).toBe('1.1.');
    expect(series.values[1]).toBe(3);
    expect(series.values[30]).toBe(1);
    expect(series.values.reduce((a, b) => a + b, 0)).toBe(4);
  });
  it('should sum per month beyond 31 days', () => {
    const series = sessionCountSeries({ '2026-01-02': 3, '2026-01-20': 2, '2026-02-05': 4 }, '2026-01-01', '2026-02-01');
    expect(series).toEqual({ categories: ['1/2026', '2/2026'], values: [5, 4] });
  });
  it('should draw nothing for a reversed period', () => {
    expect(sessionCountSeries({}, '2026-02-01', '2026-01-01')).toEqual({ categories: [], values: [] });
  });
});

describe('usage slices', () => {
  it('should list the four usage types in order', () => {
    const slices = overallUsageSlices({
      GuidedUsage: { dayCount: 1, duration: 10 },
      ContinuousMusic: { dayCount: 1, duration: 20 },
      ContinuousPrograms: { dayCount: 0, duration: 0 },
      OtherUsage: { dayCount: 1, duration: 5 },
    });
    expect(slices.map((s) => s.type)).toEqual(['GuidedUsage', 'ContinuousMusic', 'ContinuousPrograms', 'OtherUsage']);
    expect(slices.map((s) => s.seconds)).toEqual([10, 20, 0, 5]);
  });
  it('should merge Video into Theme and Sing Along into SingAlong', () => {
    expect(guidedUsageSlices({ Video: 30, Theme: 20, 'Sing Along': 5, SingAlong: 10, Music: 40, News: 0 })).toEqual([
      { contentType: 'Theme', seconds: 50 },
      { contentType: 'Music', seconds: 40 },
      { contentType: 'SingAlong', seconds: 15 },
    ]);
  });
  it('should add guided usage of several users', () => {
    expect(sumGuidedUsage([{ Music: 1, Theme: 2 }, { Music: 3 }])).toEqual({ Music: 4, Theme: 2 });
  });
  it('should offer targets 0 to 100 in steps of 5', () => {
    expect(targetChoices).toHaveLength(21);
    expect(targetChoices[1]).toBe(5);
    expect(targetChoices.at(-1)).toBe(100);
  });
});
