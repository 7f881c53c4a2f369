import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { MessageItem, MessageItemChange, MessageItemParams } from '../../schemas/api/messages.ts';
import { describeItems } from '../../domain/messages/message-views.ts';
import { messageIdOfItem } from './message-of-item.ts';
import { checkIframeHost, checkItemContent, itemEditor } from './message-content.ts';
import { itemOf, loadMessageState, runMessageCommand } from './message-stream.ts';

// PUT /api/message-items/{id} {item or part of it, position?}: the owner changes an item of a
// draft (or a recipient one of a recommendation it may modify); `position` moves it (move up and
// down). Which message holds the item is read from the read model, which the adding call waited for.
export function updateMessageItemRoute(app: App): void {
  app.put('/api/message-items/:id', { schema: { params: MessageItemParams, body: MessageItemChange, response: { 200: MessageItem } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, store, now } = app.deps;
    const itemId = request.params.id;
    const messageId = await messageIdOfItem(sql, itemId);
    if (messageId === null) throw notFound();
    const { position, ...change } = request.body;
    if (change.type !== undefined || change.url !== undefined) {
      // The item as it will be: a Link turned into an IFrame, or an IFrame given a new address.
      const current = (await loadMessageState(app.deps, messageId)).items.get(itemId)?.item;
      checkIframeHost(change.type ?? current?.type, change.url !== undefined ? change.url : current?.url, app.deps.config.iframeHosts ?? []);
    }
    await checkItemContent(sql, change, { store, userId });
    const { userGroupId, advancedMessaging } = await itemEditor(sql, userId);
    const command = { kind: 'changeItem' as const, messageId, userId, userGroupId, advancedMessaging, itemId, change, position, at: now().toISOString() };
    const { state } = await runMessageCommand(app.deps, command);
    const [described] = await describeItems(sql, [itemOf(messageId, itemId, state)!]);
    return described!;
  });
}
