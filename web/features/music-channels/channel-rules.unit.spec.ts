import { describe, expect, it } from 'vitest';
import { candidatesOf, categoryTurns, channelDurations, durationLabels, nextStep, remainingSeconds, type Candidate, type ChannelInput } from './channel-rules.ts';

const piece = (id: number) => ({ id });
const c = (categoryId: number, id: number): Candidate<{ id: number }> => ({ categoryId, piece: piece(id) });

const input = (over: Partial<ChannelInput<{ id: number }>>): ChannelInput<{ id: number }> => ({
  categoryIds: [1, 2],
  candidates: [c(1, 11), c(1, 12), c(2, 21), c(2, 22)],
  fresh: true,
  history: [],
  remainingSeconds: 1800,
  ...over,
});

describe('nextStep', () => {
  it('should offer the durations of the spec', () => {
    expect(channelDurations).toEqual([1800, 3600, 7200]);
  });

  it('should need at least one checked category', () => {
    expect(nextStep(input({ categoryIds: [] }))).toEqual({ kind: 'stop', reason: 'noCategories' });
  });

  it('should stop when the duration is used up, and play while any time is left', () => {
    expect(nextStep(input({ remainingSeconds: 0 }))).toEqual({ kind: 'stop', reason: 'timeUp' });
    expect(nextStep(input({ remainingSeconds: -5 }))).toEqual({ kind: 'stop', reason: 'timeUp' });
    expect(nextStep(input({ remainingSeconds: 0.5 })).kind).toBe('play');
  });

  it('should ask the server first', () => {
    expect(nextStep(input({ candidates: null }))).toEqual({ kind: 'fetch' });
  });

  it('should let the categories take turns, in checklist order', () => {
    expect(nextStep(input({}))).toEqual({ kind: 'play', piece: piece(11), categoryId: 1 });
    expect(nextStep(input({ history: [{ id: 11, categoryId: 1 }], fresh: false }))).toEqual({ kind: 'play', piece: piece(21), categoryId: 2 });
    expect(nextStep(input({ history: [{ id: 11, categoryId: 1 }, { id: 21, categoryId: 2 }], fresh: false }))).toEqual({ kind: 'play', piece: piece(12), categoryId: 1 });
    // A category with nothing new left gives its turn to the next.
    expect(nextStep(input({ history: [{ id: 11, categoryId: 1 }, { id: 12, categoryId: 1 }], fresh: false }))).toEqual({ kind: 'play', piece: piece(21), categoryId: 2 });
  });

  it('should ask for a new pick once every candidate was played, and never repeat the last piece', () => {
    const history = [11, 21, 12, 22].map((id) => ({ id, categoryId: Math.floor(id / 10) }));
    expect(nextStep(input({ history, fresh: false }))).toEqual({ kind: 'fetch' });
    // The new pick brought only what was played: the one played longest ago, not the last one.
    expect(nextStep(input({ history, fresh: true }))).toEqual({ kind: 'play', piece: piece(11), categoryId: 1 });
  });

  it('should never play the same piece twice in a row, even in a category of one piece', () => {
    const one = input({ categoryIds: [1], candidates: [c(1, 11)], history: [{ id: 11, categoryId: 1 }], fresh: false });
    expect(nextStep(one)).toEqual({ kind: 'fetch' });
    expect(nextStep({ ...one, fresh: true })).toEqual({ kind: 'stop', reason: 'noMusic' });
    // Two pieces alternate.
    const two = input({ categoryIds: [1], candidates: [c(1, 11), c(1, 12)], history: [{ id: 11, categoryId: 1 }, { id: 12, categoryId: 1 }], fresh: true });
    expect(nextStep(two)).toEqual({ kind: 'play', piece: piece(11), categoryId: 1 });
    expect(nextStep({ ...two, history: [...two.history, { id: 11, categoryId: 1 }] })).toEqual({ kind: 'play', piece: piece(12), categoryId: 1 });
  });

  it('should ignore candidates of categories unchecked since', () => {
    expect(nextStep(input({ categoryIds: [2] }))).toEqual({ kind: 'play', piece: piece(21), categoryId: 2 });
  });

  it('should stop with no music when the categories hold nothing', () => {
    expect(nextStep(input({ candidates: [] }))).toEqual({ kind: 'stop', reason: 'noMusic' });
  });

  it('should run a 1/2 h channel of 40-second pieces without an immediate repeat until the time is used up', () => {
    const candidates = [c(1, 11), c(1, 12), c(1, 13), c(2, 21), c(2, 22)];
    const history: Array<{ id: number; categoryId: number }> = [];
    let elapsed = 0;
    let fetches = 0;
    let fresh = true;
    for (;;) {
      const step = nextStep(input({ candidates, fresh, history, remainingSeconds: 1800 - elapsed }));
      if (step.kind === 'stop') {
        expect(step.reason).toBe('timeUp');
        break;
      }
      if (step.kind === 'fetch') {
        fetches += 1;
        fresh = true;
        continue;
      }
      expect(step.piece.id).not.toBe(history.at(-1)?.id);
      history.push({ id: step.piece.id, categoryId: step.categoryId });
      fresh = false;
      elapsed += 40;
    }
    expect(history).toHaveLength(45);
    expect(new Set(history.slice(0, 5).map((p) => p.id)).size).toBe(5);
    expect(fetches).toBeLessThanOrEqual(history.length);
  });
});

describe('remainingSeconds', () => {
  it('should count down from the duration and never below 0', () => {
    const start = Date.UTC(2026, 10, 24, 8);
    expect(remainingSeconds(start, 1800, start)).toBe(1800);
    expect(remainingSeconds(start, 1800, start + 600_000)).toBe(1200);
    expect(remainingSeconds(start, 1800, start + 3_600_000)).toBe(0);
  });
});

describe('categoryTurns', () => {
  it('should start after the last category, and from the first without one', () => {
    expect(categoryTurns([5, 6, 7], undefined)).toEqual([5, 6, 7]);
    expect(categoryTurns([5, 6, 7], 6)).toEqual([7, 5, 6]);
    expect(categoryTurns([5, 6, 7], 99)).toEqual([5, 6, 7]);
  });
});

describe('candidatesOf', () => {
  it('should file each piece under the first checked category it belongs to', () => {
    const files = [
      { id: 1, categories: [{ categoryId: 9 }, { categoryId: 2 }] },
      { id: 2, categories: [{ categoryId: 3 }] },
      { id: 3, categories: [{ categoryId: 4 }] },
    ];
    expect(candidatesOf([3, 2], files).map((x) => [x.categoryId, x.piece.id])).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });
});

describe('durationLabels', () => {
  it('should name a button for each duration, in every language', async () => {
    const { texts } = await import('../../lib/i18n/translations.ts');
    for (const duration of channelDurations) expect(texts[durationLabels[duration]], String(duration)).toBeDefined();
  });
});
