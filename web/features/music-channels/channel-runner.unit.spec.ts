import { describe, expect, it } from 'vitest';
import { ChannelRunner, maxFailures, type ChannelPiece } from './channel-runner.ts';

// A whole channel run with a clock the test moves: pieces end when the test says so.

const piece = (id: number, categoryId: number): ChannelPiece => ({ id, name: `Piece ${id}`, categories: [{ categoryId }] });
const library = [piece(11, 1), piece(12, 1), piece(13, 1), piece(21, 2), piece(22, 2)];

function harness(options: { failing?: number } = {}) {
  const clock = { now: Date.UTC(2026, 10, 24, 8) };
  const played: Array<{ id: number; categoryId: number; manualStart: boolean }> = [];
  const calls = { fetches: 0, stops: 0, silences: 0 };
  let failing = options.failing ?? 0;
  const runner = new ChannelRunner<ChannelPiece>({
    now: () => clock.now,
    fetchPieces: async (categoryIds) => {
      calls.fetches += 1;
      if (failing > 0) {
        failing -= 1;
        throw new TypeError('Failed to fetch');
      }
      return library.filter((p) => p.categories.some((c) => categoryIds.includes(c.categoryId)));
    },
    play: (p, categoryId, manualStart) => played.push({ id: p.id, categoryId, manualStart }),
    stopPlayer: () => (calls.stops += 1),
    silence: async () => {
      calls.silences += 1;
    },
  });
  return { clock, played, calls, runner };
}

describe('ChannelRunner', () => {
  it('should play piece after piece while time is left, and stop at the first end after the duration', async () => {
    const { clock, played, runner } = harness();
    runner.toggleCategory(1, true);
    runner.toggleCategory(2, true);
    await runner.start(1800);
    expect(runner.state.status).toBe('playing');
    expect(played).toEqual([{ id: 11, categoryId: 1, manualStart: true }]);

    clock.now += 40_000;
    await runner.pieceEnded();
    clock.now += 600_000;
    runner.tick();
    expect(runner.remaining()).toBe(1800 - 640);
    await runner.pieceEnded();
    expect(played.map((p) => p.id)).toEqual([11, 21, 12]);
    // Pieces after the first follow by themselves.
    expect(played.slice(1).every((p) => !p.manualStart)).toBe(true);

    clock.now += 1200_000;
    await runner.pieceEnded();
    expect(runner.state.status).toBe('ended');
    expect(runner.remaining()).toBe(0);
    expect(played).toHaveLength(3);
    // An end reported late changes nothing.
    await runner.pieceEnded();
    expect(played).toHaveLength(3);
  });

  it('should need a checked category', async () => {
    const { played, runner, calls } = harness();
    await runner.start(3600);
    expect(runner.state.status).toBe('idle');
    expect(played).toEqual([]);
    expect(calls.fetches).toBe(0);
  });

  it('should play the silent second and try again when the server does not answer, and give up after a few tries', async () => {
    const retried = harness({ failing: 1 });
    retried.runner.toggleCategory(2, true);
    await retried.runner.start(1800);
    expect(retried.calls.silences).toBe(1);
    expect(retried.played.map((p) => p.id)).toEqual([21]);

    const down = harness({ failing: 10 });
    down.runner.toggleCategory(2, true);
    await down.runner.start(1800);
    expect(down.calls.fetches).toBe(maxFailures);
    expect(down.runner.state.status).toBe('noMusic');
    expect(down.played).toEqual([]);
  });

  it('should stop, and reset the checklist, the piece and the duration', async () => {
    const { runner, calls, played } = harness();
    runner.toggleCategory(1, true);
    await runner.start(7200);
    runner.stop();
    expect(calls.stops).toBe(1);
    expect(runner.state).toMatchObject({ status: 'idle', current: null, duration: null });
    expect(runner.state.categoryIds).toEqual([1]);
    await runner.pieceEnded();
    expect(played).toHaveLength(1);

    await runner.start(1800);
    runner.reset();
    expect(runner.state).toMatchObject({ status: 'idle', current: null, duration: null, categoryIds: [] });
  });
});
