import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { MessageItem, NewMessageItem } from '../../schemas/api/messages.ts';
import { describeItems } from '../../domain/messages/message-views.ts';
import { checkItemContent } from './message-content.ts';
import { itemOf, runMessageCommand } from './message-stream.ts';

// POST /api/message-items {messageId, type, ...}: the owner adds an item at the end of a draft.
export function createMessageItemRoute(app: App): void {
  app.post('/api/message-items', { schema: { body: NewMessageItem, response: { 200: MessageItem } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    const { messageId, ...item } = request.body;
    await checkItemContent(sql, item);
    const [{ id: itemId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('message_item_ids')::integer AS id`);
    const { state } = await runMessageCommand(app.deps, { kind: 'addItem', messageId, userId, itemId, item, at: now().toISOString() });
    const [described] = await describeItems(sql, [itemOf(messageId, itemId, state)!]);
    return described!;
  });
}
