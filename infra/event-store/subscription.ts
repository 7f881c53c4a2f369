import type { GlobalLog, LogPosition, RecordedEvent, SubscribeOptions, Subscription } from './event-store.ts';

// Catch-up and live are the same loop: read a batch after the position; when nothing is left,
// wait for an append notice or the poll interval. The poll matters: an event can become
// readable without any notice, when an unrelated long transaction that held the horizon back ends.

export interface SubscriptionTiming {
  /** Longest wait without a notice before reading again. */
  pollMs: number;
  /** Pause after a failed read or batch before trying again. */
  retryMs: number;
}

export function startSubscription(log: GlobalLog, options: SubscribeOptions, timing: SubscriptionTiming): Subscription {
  const batchSize = options.batchSize ?? 500;
  const types = options.types ? new Set<string>(options.types) : undefined;
  let position = options.after;
  let stopped = false;
  let noticed = false;
  let wake: (() => void) | undefined;
  const unlisten = log.onAppended(() => {
    noticed = true;
    wake?.();
  });

  const pause = (ms: number, endsOnNotice = true) =>
    new Promise<void>((resolve) => {
      if ((endsOnNotice && noticed) || stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = () => (endsOnNotice || stopped ? done() : undefined);
    });

  const deliver = async (events: RecordedEvent[], last: LogPosition) => {
    // A batch whose events were all filtered out is still delivered (empty), so a checkpoint
    // can move past them instead of re-reading them after every restart.
    await options.onBatch(types ? events.filter((e) => types.has(e.type)) : events, last);
    position = last;
  };

  const loop = (async () => {
    while (!stopped) {
      noticed = false;
      try {
        const events = await log.readAll(position, batchSize);
        if (events.length > 0) await deliver(events, events[events.length - 1]!.position);
        if (events.length < batchSize) await pause(timing.pollMs);
      } catch (error) {
        options.onError?.(error);
        await pause(timing.retryMs, false);
      }
    }
  })();

  return {
    get position() {
      return position;
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      unlisten();
    },
  };
}
