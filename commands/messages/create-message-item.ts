import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { MessageItem, NewMessageItem } from '../../schemas/api/messages.ts';
import { describeItems } from '../../domain/messages/message-views.ts';
import { checkIframeHost, checkItemContent, itemEditor } from './message-content.ts';
import { itemOf, runMessageCommand } from './message-stream.ts';

// POST /api/message-items {messageId, type, ..., position?}: the owner adds an item to a draft (or
// a recipient to a recommendation it may modify), last or at `position` (spec 2 section 4: after
// the current item, or first).
export function createMessageItemRoute(app: App): void {
  app.post('/api/message-items', { schema: { body: NewMessageItem, response: { 200: MessageItem } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, store, now } = app.deps;
    const { messageId, position, ...item } = request.body;
    checkIframeHost(item.type, item.url, app.deps.config.iframeHosts ?? []);
    await checkItemContent(sql, item, { store, userId });
    const { userGroupId } = await itemEditor(sql, userId);
    const [{ id: itemId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('message_item_ids')::integer AS id`);
    const { state } = await runMessageCommand(app.deps, { kind: 'addItem', messageId, userId, userGroupId, itemId, item, position, at: now().toISOString() });
    const [described] = await describeItems(sql, [itemOf(messageId, itemId, state)!]);
    return described!;
  });
}
