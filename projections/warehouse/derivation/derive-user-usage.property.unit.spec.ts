import { describe, expect, it } from 'vitest';
import { defaultUsageRules } from '../../../schemas/events/usage-rules.ts';
import { at, derive, sample, started, stopped, video, type Scenario } from '../../../tests/support/derivation-fixtures.ts';
import { seededRandom } from '../../../tools/seeded-random.ts';
import type { ItemType, PlaySampleRow, PlaySourceName, SessionStartRow, SessionStopRow, VideoActionRow } from './types.ts';

// Property: the derivation is a function of the SET of rows. Random histories (seeded, so a
// failure names a reproducible seed) are derived once as generated and again shuffled, with a
// third of the rows delivered twice (some retried under another event id) and split into batches
// whose union is derived; the outputs must be deep-equal.

const sources: (PlaySourceName | null)[] = [null, 'Recipe', 'Search', 'MusicChannel', 'Favorites', 'Message', 'TodaysMessages'];
const files: [ItemType, number][] = [['Audio', 1], ['Audio', 2], ['Audio', 3], ['Audio', 4], ['Audio', 99], ['Message', 5], ['Video', 7]];

/** A user's three days around the 25 October 2026 DST change: visits, explicit sessions, seeks, restarts, videos. */
function history(seed: number): Required<Omit<Scenario, 'now'>> {
  const random = seededRandom(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const samples: PlaySampleRow[] = [];
  const sessionStarts: SessionStartRow[] = [];
  const sessionStops: SessionStopRow[] = [];
  const videoActions: VideoActionRow[] = [];
  let t = at('2026-10-24T05:00:00Z');
  for (let visit = 0; visit < 12; visit++) {
    t += Math.floor(random() * 5 * 3_600_000);
    if (random() < 0.4) {
      const id = `00000000-0000-4000-8000-${String(seed).padStart(6, '0')}${String(visit).padStart(6, '0')}`;
      sessionStarts.push(started(new Date(t).toISOString(), id, [Math.floor(random() * 4)], [], random() < 0.3));
      if (random() < 0.6) sessionStops.push(stopped(new Date(t + Math.floor(random() * 3_600_000)).toISOString(), random() < 0.7 ? id : null));
    }
    for (let play = Math.floor(random() * 5); play > 0; play--) {
      const [itemType, audioFileId] = pick(files);
      const o = { itemType, source: pick(sources), manual: random() < 0.5, categoryId: random() < 0.2 ? 50 : null };
      let position = 0;
      for (let n = 2 + Math.floor(random() * 20); n > 0; n--) {
        samples.push(sample(t, audioFileId, position, o));
        const r = random();
        // Mostly 5-15 s steps; sometimes a seek back, forward, a restart near 0, a long pause, or a tie in time.
        const step = r < 0.05 ? 0 : r < 0.1 ? 600_000 + Math.floor(random() * 600_000) : 5_000 + Math.floor(random() * 10_000);
        t += step;
        position = r < 0.15 ? Math.max(position - 30, 0) : r < 0.2 ? position + 120 : r < 0.23 ? random() * 3 : position + step / 1000;
        position = Math.round(position * 1000) / 1000;
      }
      t += Math.floor(random() * 1_200_000);
    }
    if (random() < 0.3) {
      const actions: VideoActionRow['action'][] = ['play', 'playing', 'pause', 'play', 'ended'];
      let position = 0;
      for (const action of actions) {
        videoActions.push(video(new Date(t).toISOString(), action, position, { playerId: pick(['p1', 'p2']) }));
        t += Math.floor(random() * 90_000);
        position += Math.floor(random() * 60);
      }
    }
  }
  return { samples, sessionStarts, sessionStops, videoActions };
}

function shuffled<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Shuffled, a third delivered twice (half of those retried under a new event id), split into 3 batches, then united. */
function redelivered<T extends { eventId: string }>(rows: readonly T[], random: () => number): T[] {
  const again = rows.filter(() => random() < 0.33).map((r) => (random() < 0.5 ? r : { ...r, eventId: `z-retry-${r.eventId}` }));
  const all = shuffled([...rows, ...again], random);
  const cut1 = Math.floor(random() * all.length);
  const cut2 = cut1 + Math.floor(random() * (all.length - cut1));
  const batches = [all.slice(cut2), all.slice(0, cut1), all.slice(cut1, cut2)];
  return batches.flat();
}

describe('deriveUserUsage is a function of the set of rows', () => {
  it('gives deep-equal output for shuffled, duplicated and re-batched rows (60 seeds)', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const h = history(seed);
      const random = seededRandom(seed * 7919);
      const now = '2026-10-27T12:00:00Z';
      const expected = derive({ ...h, now });
      const again = derive({
        samples: redelivered(h.samples, random),
        sessionStarts: redelivered(h.sessionStarts, random),
        sessionStops: redelivered(h.sessionStops, random),
        videoActions: redelivered(h.videoActions, random),
        now,
      });
      expect(again, `seed ${seed}`).toEqual(expected);
      // The histories are not trivial: sessions of both kinds, restarts, several days.
      expect(expected.plays.length, `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it('keeps the invariants of every derived row (60 seeds, rules v1 and stricter rules)', () => {
    for (const rules of [defaultUsageRules, { ...defaultUsageRules, shortSessionSeconds: 60, maxPauseSeconds: 300 }]) {
      for (let seed = 1; seed <= 60; seed++) {
        const result = derive({ ...history(seed), now: '2026-10-27T12:00:00Z' }, rules);
        const sessions = new Map(result.sessions.map((s) => [s.sessionId, s]));
        for (const p of result.plays) {
          const s = sessions.get(p.sessionId)!;
          expect(p.length).toBeGreaterThanOrEqual(0);
          expect(p.pauseInside).toBeGreaterThanOrEqual(0);
          expect(p.length + p.pauseInside).toBeCloseTo((p.end - p.start) / 1000, 6);
          expect(p.start).toBeGreaterThanOrEqual(s.start);
          if (s.end !== null) expect(p.start).toBeLessThanOrEqual(s.end);
          expect(p.usageType === 'GuidedUsage' || s.kind === 'implicit').toBe(true);
        }
        for (const s of result.sessions) {
          const own = result.plays.filter((p) => p.sessionId === s.sessionId);
          expect(own).toHaveLength(s.playCount);
          const listened = own.reduce((sum, p) => sum + p.length * 1000, 0);
          expect(Math.round((s.guidedSeconds + s.continuousMusicSeconds + s.continuousProgramsSeconds + s.otherSeconds) * 1000)).toBe(Math.round(listened));
          expect(s.short).toBe(s.length === null || s.length < rules.shortSessionSeconds);
          if (s.kind === 'implicit') expect(s.playCount).toBeGreaterThan(0);
        }
      }
    }
  });
});
