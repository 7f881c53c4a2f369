import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, searchDebounceMs } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should wait the spec 500 ms after the last call and run once with the last arguments', () => {
    const calls: string[] = [];
    const search = debounce((text: string) => calls.push(text), searchDebounceMs);
    expect(searchDebounceMs).toBe(500);
    search('s');
    vi.advanceTimersByTime(300);
    search('so');
    vi.advanceTimersByTime(300);
    search('soi');
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['soi']);
    vi.advanceTimersByTime(2000);
    expect(calls).toEqual(['soi']);
  });

  it('should run a pending call at once on flush, and not again when the timer would have fired', () => {
    const calls: string[] = [];
    const search = debounce((text: string) => calls.push(text), 500);
    search('enter');
    search.flush();
    expect(calls).toEqual(['enter']);
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual(['enter']);
  });

  it('should drop a pending call on cancel, and flush nothing when nothing waits', () => {
    const calls: string[] = [];
    const search = debounce((text: string) => calls.push(text), 500);
    search('gone');
    search.cancel();
    search.flush();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });
});
