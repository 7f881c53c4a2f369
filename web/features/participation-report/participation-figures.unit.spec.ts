import { describe, expect, it } from 'vitest';
import type { UsageSession } from '../../../schemas/api/usage-report.ts';
import { contentTypeSeconds } from './participation-figures.ts';

function session(plays: Array<[programType: string | null, length: number]>): UsageSession {
  return {
    sessionId: '00000000-0000-4000-8000-000000000001',
    kind: 'explicit',
    day: '2026-01-02',
    startTime: '2026-01-02T08:00:00.000Z',
    endTime: '2026-01-02T09:00:00.000Z',
    duration: 3600,
    short: false,
    usage: { GuidedUsage: 0, ContinuousMusic: 0, ContinuousPrograms: 0, OtherUsage: 0 },
    participants: [],
    activities: [],
    outdoors: false,
    usageTypeInfo: [],
    gamePlayList: [],
    audioFilePlayList: [],
    videoFilePlaylist: [],
    messageDurations: {},
    messageClicks: {},
    categoryDurations: {},
    audioFileDurations: {},
    plays: plays.map(([programType, length], i) => ({
      program: null,
      programType,
      itemType: 'Audio',
      audioFileId: i,
      usageType: 'GuidedUsage',
      time: '2026-01-02T08:00:00.000Z',
      length,
      pause: 0,
      possibleLength: null,
    })),
  };
}

describe('contentTypeSeconds', () => {
  it('should sum listened seconds per content type over sessions', () => {
    expect(contentTypeSeconds([session([['Music', 60], [null, 5]]), session([['Music', 30], ['News', 40]])])).toEqual([
      { contentType: 'Music', seconds: 90 },
      { contentType: 'News', seconds: 40 },
      { contentType: 'Unknown', seconds: 5 },
    ]);
  });
  it('should keep to seven slices, the smallest together as Other', () => {
    const types = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
    const slices = contentTypeSeconds([session(types.map((type, i) => [type, 100 - i]))]);
    expect(slices).toHaveLength(7);
    expect(slices.at(-1)).toEqual({ contentType: 'Other', seconds: 94 + 93 + 92 });
  });
  it('should give nothing without sessions', () => {
    expect(contentTypeSeconds([])).toEqual([]);
  });
});
