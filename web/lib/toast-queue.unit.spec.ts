import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushToast, toastDurationMs, toasts } from './toast-queue.ts';

describe('toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('should show each toast for 1500 ms, in order', () => {
    pushToast('Session started!');
    pushToast('Session stopped!');
    expect(toasts.current).toBe('Session started!');
    vi.advanceTimersByTime(toastDurationMs - 1);
    expect(toasts.current).toBe('Session started!');
    vi.advanceTimersByTime(1);
    expect(toasts.current).toBe('Session stopped!');
    vi.advanceTimersByTime(toastDurationMs);
    expect(toasts.current).toBeNull();
  });
  it('should show a toast at once when the queue is idle', () => {
    pushToast('User State Set!');
    expect(toasts.current).toBe('User State Set!');
    expect(toasts.waiting).toEqual([]);
  });
});
