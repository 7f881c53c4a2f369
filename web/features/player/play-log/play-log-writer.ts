import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';
import type { NowPlaying, PlayerEvent } from '../../../lib/player/player-store.ts';
import { sendOutbox, type IsRefused, type PlayLogOutbox, type PostSamples, type SendResult } from './play-log-outbox.ts';
import { shouldSample, type SamplePoint } from './sampling-rule.ts';

// Turns what the player does into play-log samples (spec 1 section 4): one when a file starts,
// one when the sampling rule says so while it plays, and one when it pauses, ends or is left.
// Samples go to the outbox at once; the outbox is posted on start, pause, end and stop, every
// 60 s, and when the connection returns.

export const postIntervalMs = 60_000;

export interface PlayLogWriterDeps {
  outbox: PlayLogOutbox;
  post: PostSamples;
  isRefused: IsRefused;
  now: () => number;
  /** The logged-in user to log for; null (nobody, or an admin) writes nothing. */
  userId: () => number | null;
}

const roundPosition = (seconds: number) => Math.round(Math.max(0, seconds) * 1000) / 1000;

export class PlayLogWriter {
  private last: (SamplePoint & { audioFileId: number }) | null = null;
  /** The player's previous reading, to see time moving backwards. */
  private seen: { audioFileId: number; position: number } | null = null;
  private writes: Promise<void> = Promise.resolve();
  private sending: Promise<SendResult> | null = null;
  private sendAgain = false;

  constructor(private readonly deps: PlayLogWriterDeps) {}

  observe(event: PlayerEvent): void {
    switch (event.type) {
      case 'started':
        this.last = null;
        this.seen = null;
        this.write(event.item, 0);
        this.flush();
        return;
      case 'time': {
        const due = this.isDue(event.item, event.position);
        this.seen = { audioFileId: event.item.audioFileId, position: event.position };
        if (due) this.write(event.item, event.position);
        return;
      }
      case 'paused':
      case 'ended':
      case 'stopped':
        this.write(event.item, event.position);
        this.flush();
        return;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown player event ${JSON.stringify(unknown)}`);
      }
    }
  }

  private isDue(item: NowPlaying, position: number): boolean {
    const last = this.last?.audioFileId === item.audioFileId ? this.last.at : null;
    const previous = this.seen?.audioFileId === item.audioFileId ? this.seen.position : null;
    return shouldSample(last, previous, { at: this.deps.now(), position });
  }

  private write(item: NowPlaying, position: number): void {
    const userId = this.deps.userId();
    if (userId === null) return;
    const at = this.deps.now();
    const sample: PlayLogItem = {
      time: new Date(at).toISOString(),
      audioFileId: item.audioFileId,
      playPosition: roundPosition(position),
      playSource: item.source,
      recipeId: item.recipeId ?? null,
      favoriteListId: item.favoriteListId ?? null,
      categoryId: item.categoryId ?? null,
      manualStart: item.manualStart,
      exercise: item.exercise ?? false,
    };
    this.last = { at, position, audioFileId: item.audioFileId };
    this.writes = this.writes.then(() => this.deps.outbox.add(userId, sample)).catch((error: unknown) => console.warn('Play log not stored', error));
  }

  /** Waits for the samples written so far to be stored. */
  settled(): Promise<void> {
    return this.writes;
  }

  /**
   * Posts what waits, one post at a time: a flush asked for during a post runs once more after
   * it, so nothing is posted twice concurrently and nothing written meanwhile waits a minute.
   * That holds when the post fails too: a flush asked for meanwhile (the connection came back
   * while a post sent offline was still failing) must not wait for the next minute's timer.
   */
  flush(): Promise<SendResult> {
    if (this.sending) {
      this.sendAgain = true;
      return this.sending;
    }
    const run = async (): Promise<SendResult> => {
      let result: SendResult = { sent: 0, dropped: 0, complete: true };
      do {
        this.sendAgain = false;
        await this.writes;
        const userId = this.deps.userId();
        if (userId === null) return result;
        const next = await sendOutbox(this.deps.outbox, userId, this.deps.post, this.deps.isRefused);
        result = { sent: result.sent + next.sent, dropped: result.dropped + next.dropped, complete: next.complete };
        if (!next.complete && !this.sendAgain) return result;
      } while (this.sendAgain);
      return result;
    };
    this.sending = run()
      .catch((error: unknown) => {
        console.warn('Play log not sent', error);
        return { sent: 0, dropped: 0, complete: false };
      })
      .finally(() => {
        this.sending = null;
      });
    return this.sending;
  }
}
