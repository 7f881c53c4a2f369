import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';
import { postPlayerLog, postTimeoutMs } from './post-player-log.ts';

const sample: PlayLogItem = {
  time: '2026-11-29T09:00:00.000Z',
  audioFileId: 5,
  playPosition: 0,
  playSource: 'Search',
  recipeId: null,
  favoriteListId: null,
  categoryId: null,
  manualStart: true,
  exercise: false,
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('localStorage', { getItem: () => null });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('postPlayerLog', () => {
  it('should give up a post that is not answered in time, so the next flush can send the samples again', async () => {
    // A request lost with the connection: it ends only when its signal aborts it.
    const fetch = vi.fn((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
    vi.stubGlobal('fetch', fetch);
    const post = postPlayerLog([sample]);
    const outcome = post.then(() => 'answered', (error: unknown) => (error instanceof DOMException ? error.name : String(error)));
    await vi.advanceTimersByTimeAsync(postTimeoutMs - 1);
    expect(fetch).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('TimeoutError');
  });

  it('should leave no timer behind once the server answered', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ inserted: 1 }), { status: 200 })));
    await postPlayerLog([sample]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
