import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';
import { batchSize, PlayLogOutbox, sendOutbox } from './play-log-outbox.ts';

class Refused extends Error {}
const isRefused = (error: unknown) => error instanceof Refused;

let dbCount = 0;
const opened: PlayLogOutbox[] = [];
function newOutbox(): PlayLogOutbox {
  const outbox = new PlayLogOutbox(`outbox-test-${++dbCount}`);
  opened.push(outbox);
  return outbox;
}
afterEach(() => opened.splice(0).forEach((outbox) => outbox.close()));

const sample = (second: number, audioFileId = 7): PlayLogItem => ({
  time: new Date(Date.UTC(2026, 10, 22, 8, 0, second)).toISOString(),
  audioFileId,
  playPosition: second,
  playSource: 'Favorites',
  manualStart: true,
});

/** A server: keeps what it accepted, and can be offline or lose its answer. */
function server() {
  const received: PlayLogItem[][] = [];
  const state = { offline: false, loseAnswer: false, refuse: (_item: PlayLogItem) => false };
  const post = async (items: PlayLogItem[]) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    if (items.some((item) => state.refuse(item))) throw new Refused('Validation error');
    received.push(items);
    if (state.loseAnswer) throw new TypeError('Failed to fetch');
  };
  return { received, state, post };
}

describe('PlayLogOutbox', () => {
  it('keeps samples while offline and sends each once when the connection returns', async () => {
    const outbox = newOutbox();
    const { received, state, post } = server();
    for (const second of [0, 6, 12]) await outbox.add(1, sample(second));

    state.offline = true;
    const offline = await sendOutbox(outbox, 1, post, isRefused);
    expect(offline).toEqual({ sent: 0, dropped: 0, complete: false });
    expect(await outbox.count(1)).toBe(3);

    state.offline = false;
    const online = await sendOutbox(outbox, 1, post, isRefused);
    expect(online).toEqual({ sent: 3, dropped: 0, complete: true });
    expect(received).toEqual([[sample(0), sample(6), sample(12)]]);
    expect(await outbox.count(1)).toBe(0);

    await sendOutbox(outbox, 1, post, isRefused);
    expect(received).toHaveLength(1);
  });

  it('re-posts the very same samples when the answer was lost, so the server can recognise them', async () => {
    const outbox = newOutbox();
    const { received, state, post } = server();
    await outbox.add(1, sample(0));
    state.loseAnswer = true;
    expect((await sendOutbox(outbox, 1, post, isRefused)).complete).toBe(false);
    expect(await outbox.count(1)).toBe(1);
    state.loseAnswer = false;
    await sendOutbox(outbox, 1, post, isRefused);
    expect(received).toEqual([[sample(0)], [sample(0)]]);
    expect(await outbox.count(1)).toBe(0);
  });

  it('drops only the sample the server refuses and sends the rest', async () => {
    const outbox = newOutbox();
    const { received, state, post } = server();
    for (const second of [0, 6, 12, 18, 24]) await outbox.add(1, sample(second, second === 12 ? 999 : 7));
    state.refuse = (item) => item.audioFileId === 999;
    const result = await sendOutbox(outbox, 1, post, isRefused);
    expect(result).toEqual({ sent: 4, dropped: 1, complete: true });
    expect(received.flat().map((item) => item.playPosition).sort((a, b) => a - b)).toEqual([0, 6, 18, 24]);
    expect(await outbox.count(1)).toBe(0);
  });

  it('posts only the samples of the user asked for', async () => {
    const outbox = newOutbox();
    const { received, post } = server();
    await outbox.add(1, sample(0, 1));
    await outbox.add(2, sample(0, 2));
    await sendOutbox(outbox, 2, post, isRefused);
    expect(received).toEqual([[sample(0, 2)]]);
    expect(await outbox.count(1)).toBe(1);
  });

  it('sends a long offline backlog in batches, oldest first', async () => {
    const outbox = newOutbox();
    const { received, post } = server();
    const total = batchSize + 20;
    for (let i = 0; i < total; i += 1) await outbox.add(1, { ...sample(0), playPosition: i });
    const result = await sendOutbox(outbox, 1, post, isRefused);
    expect(result.sent).toBe(total);
    expect(received.map((batch) => batch.length)).toEqual([batchSize, 20]);
    expect(received.flat().map((item) => item.playPosition)).toEqual(Array.from({ length: total }, (_, i) => i));
  });
});
