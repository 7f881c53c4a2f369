import type { UnreadMessagesCount } from '../../../schemas/api/messages.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { shell } from './shell-store.ts';

// The top bar's unread count (spec 2 section 6): read from GET /api/unread-messages-count when
// the shell starts, whenever /ws says UnreadCountChanged (a message reached the user, a reply
// arrived, they read something in another tab), and every 5 s as the fallback of spec 2
// section 9 (received messages polling 5000 ms) for a live channel that is down.
export const unreadPollMs = 5000;

let latest = 0;

/** Reads the count again; a failure is only logged (spec 2 section 8), the last count stays. */
export async function refreshUnreadCount(): Promise<void> {
  const request = ++latest;
  try {
    const { count } = await apiRequest<UnreadMessagesCount>('/api/unread-messages-count');
    // An older answer arriving after a newer one must not win.
    if (request === latest) shell.unreadCount = count;
  } catch (error) {
    console.warn('Unread messages count failed', error);
  }
}

/** Reads now and every 5 s; returns the function that stops. */
export function startUnreadCount(): () => void {
  void refreshUnreadCount();
  const poll = setInterval(() => void refreshUnreadCount(), unreadPollMs);
  return () => clearInterval(poll);
}
