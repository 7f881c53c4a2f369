import { describe, expect, it } from 'vitest';
import { defaultUsageRules } from '../../../schemas/events/usage-rules.ts';
import { derive, video } from '../../../tests/support/derivation-fixtures.ts';

// Video views (Date, Time, Video, Play time, Pause time, Video length). Helsinki is UTC+3 in May.

const columns = (views: ReturnType<typeof derive>['videoViews']) => views.map((v) => [v.day, v.time, v.fileName, v.playTime, v.pauseTime, v.videoLength]);

describe('deriveVideoViews', () => {
  it('counts play time while playing and the rest of the span as pause time', () => {
    // play 0 @14:00:00; pause 60 @14:01:00 (+60); play 60 @14:03:00 (paused 2 min, +0);
    // ended 180 @14:05:00 (+min(120, 120) = 120) -> play 180 s, pause 300 - 180 = 120 s, 17:00 local.
    // A new play from 0 @14:06:00 after 'ended' is a second view: playing 30 @14:06:30 (+30),
    // pause 45 @14:07:00 (+min(15, 30) = 15) -> play 45 s, pause 60 - 45 = 15 s.
    const result = derive({
      videoActions: [
        video('2026-05-04T14:00:00Z', 'play', 0),
        video('2026-05-04T14:01:00Z', 'pause', 60),
        video('2026-05-04T14:03:00Z', 'play', 60),
        video('2026-05-04T14:05:00Z', 'ended', 180),
        video('2026-05-04T14:06:00Z', 'play', 0),
        video('2026-05-04T14:06:30Z', 'playing', 30),
        video('2026-05-04T14:07:00Z', 'pause', 45),
      ],
    });
    expect(columns(result.videoViews)).toEqual([
      ['2026-05-04', '17:00:00', 'Autumn walk.mp4', 180, 120, 180],
      ['2026-05-04', '17:06:00', 'Autumn walk.mp4', 45, 15, 180],
    ]);
  });

  it('separates players and files, splits at a long gap, and counts a repeated action once', () => {
    const twice = video('2026-05-04T14:00:10Z', 'pause', 10);
    const result = derive({
      videoActions: [
        video('2026-05-04T14:00:00Z', 'play', 0),
        twice,
        { ...twice, eventId: 'retried' },
        video('2026-05-04T14:00:20Z', 'play', 0, { playerId: 'player-2', fileId: 901, fileName: 'Birds.mp4', totalLength: 60 }),
        video('2026-05-04T14:00:50Z', 'ended', 30, { playerId: 'player-2', fileId: 901, fileName: 'Birds.mp4', totalLength: 60 }),
        // 16 min after the pause: a new view although it resumes at 10 s.
        video('2026-05-04T14:16:10Z', 'play', 10),
        video('2026-05-04T14:16:20Z', 'pause', 20),
      ],
    });
    expect(columns(result.videoViews)).toEqual([
      ['2026-05-04', '17:00:00', 'Autumn walk.mp4', 10, 0, 180],
      ['2026-05-04', '17:00:20', 'Birds.mp4', 30, 0, 60],
      ['2026-05-04', '17:16:10', 'Autumn walk.mp4', 10, 0, 180],
    ]);
    expect(new Set(result.videoViews.map((v) => v.viewId)).size).toBe(3);
  });

  it('shows 03:30 twice on 25 October 2026 in Helsinki, for two views an hour apart', () => {
    const videoActions = [
      video('2026-10-25T00:30:00Z', 'play', 0), // 03:30 EEST
      video('2026-10-25T00:31:00Z', 'pause', 60),
      video('2026-10-25T01:30:00Z', 'play', 60), // 03:30 EET, resuming where it paused
      video('2026-10-25T01:31:00Z', 'pause', 120),
    ];
    expect(columns(derive({ videoActions }).videoViews)).toEqual([
      ['2026-10-25', '03:30:00', 'Autumn walk.mp4', 60, 0, 180],
      ['2026-10-25', '03:30:00', 'Autumn walk.mp4', 60, 0, 180],
    ]);
    // Under maxPauseSeconds 3600 the 59-minute gap no longer splits: one view of 3660 s, 120 s played.
    const longPause = derive({ videoActions }, { ...defaultUsageRules, maxPauseSeconds: 3600 });
    expect(columns(longPause.videoViews)).toEqual([['2026-10-25', '03:30:00', 'Autumn walk.mp4', 120, 3540, 180]]);
  });
});
