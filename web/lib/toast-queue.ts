import { proxy } from 'valtio';

// Spec 1 section 4: toasts are queued and each is shown for 1500 ms, in the order they came.
export const toastDurationMs = 1500;

export interface ToastState {
  current: string | null;
  waiting: string[];
}

export const toasts = proxy<ToastState>({ current: null, waiting: [] });

function showNext(): void {
  const next = toasts.waiting.shift();
  toasts.current = next ?? null;
  if (next !== undefined) setTimeout(showNext, toastDurationMs);
}

export function pushToast(text: string): void {
  toasts.waiting.push(text);
  if (toasts.current === null) showNext();
}
