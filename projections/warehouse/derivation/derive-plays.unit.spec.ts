import { describe, expect, it } from 'vitest';
import { defaultUsageRules } from '../../../schemas/events/usage-rules.ts';
import { at, listen, sample, userId } from '../../../tests/support/derivation-fixtures.ts';
import { derivePlays } from './derive-plays.ts';

const plays = (samples: Parameters<typeof derivePlays>[1], rules = defaultUsageRules) => derivePlays(userId, samples, rules);

describe('derivePlays', () => {
  it('counts an uninterrupted play as the distance played', () => {
    // 0, 10, ..., 180 s: every step moves 10 s in 10 s -> length 180, start 09:00:00, end 09:03:00.
    const [play, ...rest] = plays(listen('2026-05-04T09:00:00Z', 1, 180));
    expect(rest).toEqual([]);
    expect(play).toMatchObject({ audioFileId: 1, start: at('2026-05-04T09:00:00Z'), end: at('2026-05-04T09:03:00Z'), listenedMs: 180_000, sampleCount: 19 });
  });

  it('keeps both plays whole when one file ends and the next starts in the same millisecond', () => {
    // The player writes file 6's last sample and file 44's first at 09:00:10.000 (a switch); sorted
    // by position alone, 44 @0 came before 6 @10 and cut both plays in two.
    const samples = [
      sample('2026-05-04T09:00:00Z', 6, 0, { manual: true }),
      sample('2026-05-04T09:00:05Z', 6, 5, { manual: true }),
      sample('2026-05-04T09:00:10Z', 6, 10, { manual: true }),
      sample('2026-05-04T09:00:10Z', 44, 0, { manual: true }),
      sample('2026-05-04T09:00:15Z', 44, 5, { manual: true }),
      sample('2026-05-04T09:00:20Z', 44, 10, { manual: true }),
    ];
    const expected = [
      { audioFileId: 6, listenedMs: 10_000 },
      { audioFileId: 44, listenedMs: 10_000 },
    ];
    expect(plays(samples)).toMatchObject(expected);
    expect(plays([...samples].reverse())).toMatchObject(expected);
    expect(plays([samples[3]!, samples[2]!, samples[5]!, samples[0]!, samples[4]!, samples[1]!])).toMatchObject(expected);
  });

  it('counts seeking forward at most the wall time and seeking back as nothing', () => {
    // pos 0 @0s; 10 @10s (+10); 100 @20s (seek forward: min(90, 10) = +10); 30 @30s (back: +0);
    // 40 @40s (+10); 40 @55s (paused: +0) -> listened 30 s over a 55 s span.
    const [play] = plays([
      sample('2026-05-04T09:00:00Z', 1, 0),
      sample('2026-05-04T09:00:10Z', 1, 10),
      sample('2026-05-04T09:00:20Z', 1, 100),
      sample('2026-05-04T09:00:30Z', 1, 30),
      sample('2026-05-04T09:00:40Z', 1, 40),
      sample('2026-05-04T09:00:55Z', 1, 40),
    ]);
    expect(play!.listenedMs).toBe(30_000);
    expect(play!.end - play!.start).toBe(55_000);
  });

  it('starts a new play when the same file is restarted by hand near 0, not when it merely jumps back', () => {
    const base = [sample('2026-05-04T09:00:00Z', 1, 0, { manual: true }), sample('2026-05-04T09:00:30Z', 1, 30, { manual: true })];
    // Restart by hand at position 1 (< 5 s, previous 30): two plays of 30 s and 10 s.
    const restarted = plays([...base, sample('2026-05-04T09:00:35Z', 1, 1, { manual: true }), sample('2026-05-04T09:00:45Z', 1, 11, { manual: true })]);
    expect(restarted.map((p) => p.listenedMs)).toEqual([30_000, 10_000]);
    // The same jump without manualStart (a loop, or seeking to the start): one play, 30 + 0 + 10 = 40 s.
    const looped = plays([...base, sample('2026-05-04T09:00:35Z', 1, 1), sample('2026-05-04T09:00:45Z', 1, 11)]);
    expect(looped.map((p) => p.listenedMs)).toEqual([40_000]);
    // Back to 6 s (not near 0) by hand: still one play.
    const seekedBack = plays([...base, sample('2026-05-04T09:00:35Z', 1, 6, { manual: true })]);
    expect(seekedBack).toHaveLength(1);
  });

  it('splits a play at a gap above maxPauseSeconds and keeps it at exactly maxPauseSeconds', () => {
    // 900 s gap: one play, 60 + min(10, 900) = 70 s. 901 s gap: two plays of 60 s and 0 s.
    const kept = plays([...listen('2026-05-04T09:00:00Z', 1, 60), sample('2026-05-04T09:16:00Z', 1, 70)]);
    expect(kept.map((p) => p.listenedMs)).toEqual([70_000]);
    const split = plays([...listen('2026-05-04T09:00:00Z', 1, 60), sample('2026-05-04T09:16:01Z', 1, 70)]);
    expect(split.map((p) => p.listenedMs)).toEqual([60_000, 0]);
  });

  it('separates runs of different files and of different item types with the same id', () => {
    const result = plays([
      sample('2026-05-04T09:00:00Z', 1, 0),
      sample('2026-05-04T09:00:10Z', 1, 10),
      sample('2026-05-04T09:00:20Z', 2, 0),
      sample('2026-05-04T09:00:30Z', 2, 10),
      sample('2026-05-04T09:00:40Z', 2, 20, { itemType: 'Message' }),
      sample('2026-05-04T09:00:50Z', 1, 20),
    ]);
    expect(result.map((p) => [p.itemType, p.audioFileId, p.listenedMs / 1000])).toEqual([
      ['Audio', 1, 10],
      ['Audio', 2, 10],
      ['Message', 2, 0],
      ['Audio', 1, 0],
    ]);
  });

  it('counts a sample delivered twice once, whatever its event id', () => {
    const once = listen('2026-05-04T09:00:00Z', 1, 60);
    const twice = [...once, ...once.map((s) => ({ ...s, eventId: `retry-${s.eventId}` }))].reverse();
    expect(plays(twice)).toEqual(plays(once));
  });

  it('takes source and manual start from the first sample, the category from the first sample naming one, and keeps ids stable', () => {
    const rows = [
      sample('2026-05-04T09:00:00Z', 2, 0, { source: 'Search', manual: true }),
      sample('2026-05-04T09:00:10Z', 2, 10, { source: 'Search', manual: true, categoryId: 20 }),
    ];
    const [a] = plays(rows);
    const [b] = plays([...rows].reverse());
    expect(a).toMatchObject({ playSource: 'Search', manualStart: true, categoryId: 20 });
    expect(a!.playId).toBe(b!.playId);
    expect(a!.playId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
