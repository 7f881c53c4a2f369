import type { PlayerMedia } from '../../web/lib/player/player-store.ts';

/**
 * Stands in for the browser's audio element in the player's unit tests (they run without a DOM):
 * it keeps src and currentTime as set and fires the events an element fires when it plays,
 * pauses, moves on and ends.
 */
export class TestMedia implements PlayerMedia {
  src = '';
  currentTime = 0;
  paused = true;
  ended = false;
  playbackRate = 1;
  /** Seconds loaded from the start (one range, as a plain download loads). */
  loadedTo = 0;
  private readonly listeners = new Map<string, Array<() => void>>();

  constructor(public duration = 60) {}

  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private fire(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  play(): Promise<void> {
    this.paused = false;
    this.ended = false;
    this.fire('playing');
    return Promise.resolve();
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  get buffered() {
    const end = this.loadedTo;
    const within = (i: number) => {
      if (i !== 0 || end <= 0) throw new RangeError('no such range');
    };
    return {
      length: end > 0 ? 1 : 0,
      start: (i: number) => (within(i), 0),
      end: (i: number) => (within(i), end),
    };
  }
  /** Loads on to `seconds`, as the download goes on. */
  loadTo(seconds: number): void {
    this.loadedTo = seconds;
    this.fire('progress');
  }
  load(): void {
    this.loadedTo = 0;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  /** Plays on to `seconds`, as time passes. */
  playTo(seconds: number): void {
    this.currentTime = seconds;
    this.fire('timeupdate');
  }
  /** Reaches the end: an element pauses, then says it ended. */
  finish(): void {
    this.currentTime = this.duration;
    this.ended = true;
    this.paused = true;
    this.fire('pause');
    this.fire('ended');
  }
}
