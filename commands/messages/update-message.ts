import { requireUser } from '../../server/http/auth.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { Message, MessageChange, MessageParams } from '../../schemas/api/messages.ts';
import { describeMessages } from '../../domain/messages/message-views.ts';
import { checkMessageContent, normalizeTimes } from './message-content.ts';
import { messageOf, runMessageCommand } from './message-stream.ts';

// PUT /api/messages/{id} {message or part of it}: the owner edits a draft, sends it (sent true)
// or restores it as a draft (sent false). Fields left out, and fields sent back unchanged, stay.
export function updateMessageRoute(app: App): void {
  app.put('/api/messages/:id', { schema: { params: MessageParams, body: MessageChange, response: { 200: Message } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    const messageId = request.params.id;
    await checkMessageContent(app.deps, userId, request.body);
    const { events, state } = await runMessageCommand(app.deps, { kind: 'change', messageId, userId, change: normalizeTimes(request.body), at: now().toISOString() });
    await pushUnreadChanges(app, sql, events, state);
    const [message] = await describeMessages(sql, [messageOf(messageId, state)], userId, now());
    return message!;
  });
}
