import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { MessageItemParams, RemovedMessageItem } from '../../schemas/api/messages.ts';
import { messageIdOfItem } from './message-of-item.ts';
import { itemEditor } from './message-content.ts';
import { runMessageCommand } from './message-stream.ts';

// DELETE /api/message-items/{id}: the owner removes an item of a draft (or a recipient one of a
// recommendation it may modify).
export function removeMessageItemRoute(app: App): void {
  app.delete('/api/message-items/:id', { schema: { params: MessageItemParams, response: { 200: RemovedMessageItem } } }, async (request) => {
    const { userId } = requireUser(request);
    const itemId = request.params.id;
    const messageId = await messageIdOfItem(app.deps.sql, itemId);
    if (messageId === null) throw notFound();
    const { userGroupId } = await itemEditor(app.deps.sql, userId);
    const { events } = await runMessageCommand(app.deps, { kind: 'removeItem', messageId, userId, userGroupId, itemId, at: app.deps.now().toISOString() });
    return { id: itemId, messageId, removed: events.length > 0 };
  });
}
