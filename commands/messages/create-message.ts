import { requireUser } from '../../server/http/auth.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { Message, NewMessage } from '../../schemas/api/messages.ts';
import { describeMessages } from '../../domain/messages/message-views.ts';
import { checkMessageContent, normalizeTimes } from './message-content.ts';
import { messageOf, runMessageCommand } from './message-stream.ts';

// POST /api/messages {message}: a new message of the caller, a draft unless `sent` is true. Its id
// comes from a sequence, so a retried post makes a second message (the spec's message object has
// no client-chosen id to recognise it by).
export function createMessageRoute(app: App): void {
  app.post('/api/messages', { schema: { body: NewMessage, response: { 200: Message } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    await checkMessageContent(sql, userId, request.body);
    const [{ id: messageId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('message_ids')::integer AS id`);
    const { events, state } = await runMessageCommand(app.deps, { kind: 'create', messageId, userId, message: normalizeTimes(request.body), at: now().toISOString() });
    await pushUnreadChanges(app, sql, events, state);
    const [message] = await describeMessages(sql, [messageOf(messageId, state)], userId, now());
    return message!;
  });
}
