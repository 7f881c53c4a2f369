import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';
import type { NowPlaying } from '../../../lib/player/player-store.ts';
import { PlayLogOutbox } from './play-log-outbox.ts';
import type { SendResult } from './play-log-outbox.ts';
import { PlayLogWriter } from './play-log-writer.ts';

const item: NowPlaying = { audioFileId: 5, name: 'Song', length: 120, streamUrl: '/x', source: 'Search', manualStart: true, categoryId: 3 };
const start = Date.UTC(2026, 10, 22, 9, 0, 0);

let db = 0;
const outboxes: PlayLogOutbox[] = [];
afterEach(() => outboxes.splice(0).forEach((outbox) => outbox.close()));

function setUp(options: { userId?: number | null; offline?: () => boolean } = {}) {
  const clock = { now: start };
  const received: PlayLogItem[][] = [];
  const outbox = new PlayLogOutbox(`writer-test-${++db}`);
  outboxes.push(outbox);
  const writer = new PlayLogWriter({
    outbox,
    post: async (items) => {
      // Whether a post fails is settled when it is sent, as for a fetch; its answer comes later.
      const offline = options.offline?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (offline) throw new TypeError('Failed to fetch');
      received.push(items);
    },
    isRefused: () => false,
    now: () => clock.now,
    userId: () => (options.userId === undefined ? 1 : options.userId),
  });
  /** Plays `seconds` with a timeupdate every 250 ms, as browsers do. */
  const play = (from: number, seconds: number) => {
    for (let t = 0; t <= seconds * 1000; t += 250) {
      clock.now += 250;
      writer.observe({ type: 'time', item, position: from + (t + 250) / 1000 });
    }
  };
  return { clock, received, outbox, writer, play };
}

describe('PlayLogWriter', () => {
  it('samples at the start, every 5 s while playing and at the pause, and posts on pause', async () => {
    const { received, writer, play, clock } = setUp();
    writer.observe({ type: 'started', item });
    play(0, 12);
    writer.observe({ type: 'paused', item, position: 12 });
    await writer.settled();
    await writer.flush();
    const all = received.flat();
    expect(all.map((s) => s.playPosition)).toEqual([0, 5.25, 10.5, 12]);
    expect(new Set(all.map((s) => s.time)).size).toBe(all.length);
    expect(all.at(-1)).toMatchObject({ audioFileId: 5, playSource: 'Search', manualStart: true, categoryId: 3, time: new Date(clock.now).toISOString() });
  });

  it('samples a seek backwards at once', async () => {
    const { received, writer, clock } = setUp();
    writer.observe({ type: 'started', item });
    clock.now += 2000;
    writer.observe({ type: 'time', item, position: 2 });
    clock.now += 250;
    writer.observe({ type: 'time', item, position: 0.5 });
    await writer.settled();
    await writer.flush();
    expect(received.flat().map((s) => s.playPosition)).toEqual([0, 0.5]);
  });

  it('writes nothing for an admin session (no user to log for)', async () => {
    const { received, writer, outbox, play } = setUp({ userId: null });
    writer.observe({ type: 'started', item });
    play(0, 10);
    writer.observe({ type: 'ended', item, position: 10 });
    await writer.settled();
    await writer.flush();
    expect(received).toEqual([]);
    expect(await outbox.count(1)).toBe(0);
  });

  it('keeps samples over an offline spell and posts every one exactly once afterwards', async () => {
    let offline = false;
    const { received, writer, outbox, play } = setUp({ offline: () => offline });
    writer.observe({ type: 'started', item });
    play(0, 6);
    await writer.settled();
    await writer.flush();
    offline = true;
    play(6, 20);
    writer.observe({ type: 'paused', item, position: 26 });
    await writer.settled();
    expect((await writer.flush()).complete).toBe(false);
    expect(await outbox.count(1)).toBe(5);
    offline = false;
    // Three flushes at once (timer, reconnect, pause): one post at a time, nothing twice.
    await Promise.all([writer.flush(), writer.flush(), writer.flush()]);
    expect(received.flat().map((s) => s.playPosition)).toEqual([0, 5.25, 10.25, 15.5, 20.75, 26, 26]);
    expect(new Set(received.flat().map((s) => s.time)).size).toBe(received.flat().length);
    expect(await outbox.count(1)).toBe(0);
  });

  it('posts again when the connection returns while a post that is failing is still on its way', async () => {
    // Going online fires the browser's `online` event and, a moment later, the server check: the
    // first post can still fail, and the flush asked for meanwhile must not be lost with it.
    let reconnect: Promise<SendResult> | null = null;
    const { received, writer, outbox } = setUp({
      offline: () => {
        if (reconnect) return false;
        reconnect = writer.flush();
        return true;
      },
    });
    writer.observe({ type: 'started', item });
    await writer.settled();
    await writer.flush();
    expect(reconnect).not.toBeNull();
    expect(received.flat().map((s) => s.playPosition)).toEqual([0]);
    expect(await outbox.count(1)).toBe(0);
  });
});
