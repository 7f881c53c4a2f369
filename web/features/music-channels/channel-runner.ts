import { proxy } from 'valtio';
import { candidatesOf, nextStep, remainingSeconds, type Candidate, type ChannelDuration, type Played } from './channel-rules.ts';

// One run of a music channel (spec 1 section 4): started with the checked categories and a
// duration, it plays a piece, and when a piece ends plays the next one while time is left. The
// clock, the similarity query, the player and the silent fallback are handed in, so a unit test
// runs a whole channel with a clock it moves itself; the page passes the real ones.

export interface ChannelPiece {
  id: number;
  name: string;
  categories: ReadonlyArray<{ categoryId: number }>;
}

export interface ChannelDeps<T extends ChannelPiece> {
  now: () => number;
  /** The similarity query: up to 5 random pieces of each category. */
  fetchPieces: (categoryIds: number[]) => Promise<T[]>;
  /** Starts a piece in the shared player (manualStart: a person pressed the button). */
  play: (piece: T, categoryId: number, manualStart: boolean) => void;
  /** Stops the shared player, if it still plays this channel. */
  stopPlayer: () => void;
  /** Plays the 1-second silent source; resolves when it ended (spec 1 section 4's fallback). */
  silence: () => Promise<void>;
}

export type ChannelStatus = 'idle' | 'loading' | 'playing' | 'waiting' | 'ended' | 'noMusic';

export interface ChannelState<T> {
  status: ChannelStatus;
  categoryIds: number[];
  duration: ChannelDuration | null;
  /** Clock reading (ms) when the run started. */
  startedAt: number | null;
  current: T | null;
  history: Played[];
  /** The clock's last reading, so the page shows the time left ticking. */
  now: number;
}

/** Failed similarity queries in a row before the channel gives up (each after a silent second). */
export const maxFailures = 3;

export class ChannelRunner<T extends ChannelPiece> {
  readonly state: ChannelState<T>;
  private candidates: Array<Candidate<T>> | null = null;
  private fresh = false;
  private failures = 0;
  // Every start, stop and reset bumps it: a step still waiting for its answer gives way.
  private run = 0;

  constructor(private readonly deps: ChannelDeps<T>) {
    this.state = proxy<ChannelState<T>>({ status: 'idle', categoryIds: [], duration: null, startedAt: null, current: null, history: [], now: deps.now() });
  }

  get running(): boolean {
    return this.state.status === 'loading' || this.state.status === 'playing' || this.state.status === 'waiting';
  }

  /** Seconds left of the run (0 when none runs). */
  remaining(): number {
    const { startedAt, duration } = this.state;
    return startedAt === null || duration === null ? 0 : remainingSeconds(startedAt, duration, this.state.now);
  }

  tick(): void {
    this.state.now = this.deps.now();
  }

  toggleCategory(categoryId: number, checked: boolean): void {
    const rest = this.state.categoryIds.filter((id) => id !== categoryId);
    this.state.categoryIds = checked ? [...rest, categoryId] : rest;
  }

  /** Starts a run with the checked categories; resolves once its first piece started (or it could not). */
  start(duration: ChannelDuration): Promise<void> {
    this.run += 1;
    this.candidates = null;
    this.fresh = false;
    this.failures = 0;
    this.state.duration = duration;
    this.state.startedAt = this.deps.now();
    this.state.now = this.state.startedAt;
    this.state.history = [];
    this.state.current = null;
    return this.advance(this.run, true);
  }

  /** The player says the channel's piece ended: the next one, if time is left. */
  pieceEnded(): Promise<void> {
    if (this.state.status !== 'playing') return Promise.resolve();
    return this.advance(this.run, false);
  }

  /** Stops the run (the stop button, or another player took over); the checklist stays. */
  stop(options: { stopPlayer: boolean } = { stopPlayer: true }): void {
    this.run += 1;
    // The player first, while it can still tell the channel's piece.
    if (this.running && options.stopPlayer) this.deps.stopPlayer();
    this.state.status = 'idle';
    this.state.current = null;
    this.state.startedAt = null;
    this.state.duration = null;
  }

  /** Spec 1 section 4: reset clears the checked categories, the player, the current piece and the duration. */
  reset(): void {
    this.stop();
    this.state.categoryIds = [];
    this.state.history = [];
  }

  private async advance(run: number, manualStart: boolean): Promise<void> {
    this.state.status = 'loading';
    for (;;) {
      if (run !== this.run) return;
      this.tick();
      const step = nextStep({
        categoryIds: this.state.categoryIds,
        candidates: this.candidates,
        fresh: this.fresh,
        history: this.state.history,
        remainingSeconds: this.remaining(),
      });
      switch (step.kind) {
        case 'play':
          this.fresh = false;
          this.state.current = step.piece;
          this.state.history.push({ id: step.piece.id, categoryId: step.categoryId });
          this.state.status = 'playing';
          this.deps.play(step.piece, step.categoryId, manualStart);
          return;
        case 'fetch':
          if (!(await this.fetch(run))) return;
          continue;
        case 'stop':
          this.state.current = null;
          this.state.status = step.reason === 'noMusic' ? 'noMusic' : step.reason === 'timeUp' ? 'ended' : 'idle';
          return;
        default: {
          const unknown: never = step;
          throw new Error(`Unknown channel step ${JSON.stringify(unknown)}`);
        }
      }
    }
  }

  /** One similarity query; on failure the silent second plays before the next try. False: give up. */
  private async fetch(run: number): Promise<boolean> {
    const categoryIds = [...this.state.categoryIds];
    try {
      const pieces = await this.deps.fetchPieces(categoryIds);
      if (run !== this.run) return false;
      this.candidates = candidatesOf(categoryIds, pieces);
      this.fresh = true;
      this.failures = 0;
      return true;
    } catch {
      if (run !== this.run) return false;
      this.failures += 1;
      if (this.failures >= maxFailures) {
        this.state.status = 'noMusic';
        return false;
      }
      this.state.status = 'waiting';
      await this.deps.silence();
      return run === this.run;
    }
  }
}
