import { requireAdminOf, requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { GetMessagesRequest, MessageList } from '../../schemas/api/messages.ts';
import { describeMessages } from '../../domain/messages/message-views.ts';
import { findMessages } from './message-rows.ts';

// POST /api/get-messages {query}: the caller's messages (own, and sent to them or their group),
// narrowed by the query. With `userId` an administrator reads as a user they administer: the
// usage report's 'Messages for report' asks for that user's sent usage-report messages of the
// period, which ends the day after its last day (spec 2 section 9).
export function getMessagesRoute(app: App): void {
  app.post('/api/get-messages', { schema: { body: GetMessagesRequest, response: { 200: MessageList } } }, async (request) => {
    const { query } = request.body;
    const viewerId = query.userId ?? requireUser(request).userId;
    await requireAdminOf(request, viewerId);
    const { sql, now } = app.deps;
    return describeMessages(sql, await findMessages(sql, viewerId, query, now()), viewerId, now());
  });
}
