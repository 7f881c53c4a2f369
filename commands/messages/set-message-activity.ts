import { requireUser } from '../../server/http/auth.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { Message, MessageActivity, MessageParams } from '../../schemas/api/messages.ts';
import { describeMessages } from '../../domain/messages/message-views.ts';
import { messageOf, runMessageCommand } from './message-stream.ts';

// PUT /api/messages/{id}/activity {active}: the owner switches a message off (and on again);
// an inactive message is kept but no longer active for its recipients.
export function setMessageActivityRoute(app: App): void {
  app.put('/api/messages/:id/activity', { schema: { params: MessageParams, body: MessageActivity, response: { 200: Message } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    const messageId = request.params.id;
    const { events, state } = await runMessageCommand(app.deps, { kind: 'setActive', messageId, userId, active: request.body.active, at: now().toISOString() });
    await pushUnreadChanges(app, sql, events, state);
    const [message] = await describeMessages(sql, [messageOf(messageId, state)], userId, now());
    return message!;
  });
}
