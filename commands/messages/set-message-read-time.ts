import type { App } from '../../server/http/zod.ts';
import { readTimeRoute } from './message-read-times.ts';

// PUT /api/message-read-time {messageId, readTime (ISO or null)}: "Mark as read" / "Mark as
// unread" of one message, the caller's own (spec 2 sections 4 and 7).
export function setMessageReadTimeRoute(app: App): void {
  readTimeRoute(app, '/api/message-read-time', 'setReadTime');
}
