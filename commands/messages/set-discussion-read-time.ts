import type { App } from '../../server/http/zod.ts';
import { readTimeRoute } from './message-read-times.ts';

// PUT /api/discussion-read-time {messageId, readTime (ISO or null)}: the caller has read the
// message's replies up to readTime (the messenger's "New" link, "Discussion marked as read"), or
// null to see them as new again (spec 2 sections 2, 4 and 7).
export function setDiscussionReadTimeRoute(app: App): void {
  readTimeRoute(app, '/api/discussion-read-time', 'setDiscussionReadTime');
}
