import { requireAdminOf, requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { GetMessageItemsQuery, MessageItemList } from '../../schemas/api/messages.ts';
import { describeItems } from '../../domain/messages/message-views.ts';
import { findMessageItems } from './message-rows.ts';

// POST /api/get-message-items {messageIdList, userId?}: the items of those messages the caller
// (or, for an administrator, the administered `userId`) sees, by message and order.
export function getMessageItemsRoute(app: App): void {
  app.post('/api/get-message-items', { schema: { body: GetMessageItemsQuery, response: { 200: MessageItemList } } }, async (request) => {
    const viewerId = request.body.userId ?? requireUser(request).userId;
    await requireAdminOf(request, viewerId);
    const { sql } = app.deps;
    return describeItems(sql, await findMessageItems(sql, viewerId, request.body.messageIdList));
  });
}
