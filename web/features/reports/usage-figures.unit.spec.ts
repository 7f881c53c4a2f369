import { describe, expect, it } from 'vitest';
import { audioFileNamesOf, namedDurations, usagePerTypeRows } from './usage-figures.ts';

describe('usagePerTypeRows', () => {
  it('should split source and type and order by usage type, then seconds, then source', () => {
    expect(
      usagePerTypeRows({
        'None/ContinuousMusic': { plays: 3, seconds: 360 },
        'Search/GuidedUsage': { plays: 1, seconds: 90 },
        'None/GuidedUsage': { plays: 2, seconds: 300 },
        'Recipe/GuidedUsage': { plays: 1, seconds: 300 },
      }),
    ).toEqual([
      { source: 'None', usageType: 'GuidedUsage', plays: 2, seconds: 300 },
      { source: 'Recipe', usageType: 'GuidedUsage', plays: 1, seconds: 300 },
      { source: 'Search', usageType: 'GuidedUsage', plays: 1, seconds: 90 },
      { source: 'None', usageType: 'ContinuousMusic', plays: 3, seconds: 360 },
    ]);
  });

  it('should leave out keys that name no known usage type', () => {
    expect(usagePerTypeRows({ 'Search/Whatever': { plays: 1, seconds: 1 }, GuidedUsage: { plays: 1, seconds: 1 } })).toEqual([]);
  });
});

describe('namedDurations', () => {
  it('should list by seconds then id, with the names the session knows', () => {
    const names = audioFileNamesOf({
      plays: [
        { program: 'Song', programType: 'Music', itemType: 'Audio', audioFileId: 101, usageType: 'GuidedUsage', time: '2026-01-16T09:00:00.000Z', length: 60, pause: 0, possibleLength: 180 },
        { program: null, programType: null, itemType: 'Game', audioFileId: 500, usageType: 'GuidedUsage', time: '2026-01-16T09:02:00.000Z', length: 60, pause: 0, possibleLength: null },
      ],
    });
    expect(namedDurations({ '500': 60, '101': 60, '7': 120 }, names)).toEqual([
      { id: 7, name: null, seconds: 120 },
      { id: 101, name: 'Song', seconds: 60 },
      { id: 500, name: null, seconds: 60 },
    ]);
  });
});
