import { requireUser } from '../../server/http/auth.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { Message, NewMessage } from '../../schemas/api/messages.ts';
import { describeMessages } from '../../domain/messages/message-views.ts';
import { checkMessageContent, normalizeTimes } from './message-content.ts';
import { loadMessageState, messageIdOfEvent, messageOf, runMessageCommand } from './message-stream.ts';

// POST /api/messages {message}: a new message of the caller, a draft unless `sent` is true. Its id
// comes from a sequence. With a `requestId` the create is idempotent: its events' ids are derived
// from (caller, requestId), so a retry finds the message the first try made and answers it, and
// two tries racing append it once (the store skips stored event ids; the loser's id goes unused).
export function createMessageRoute(app: App): void {
  app.post('/api/messages', { schema: { body: NewMessage, response: { 200: Message } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    const { requestId, ...body } = request.body;
    const idOf = requestId === undefined ? undefined : (index: number) => eventId('message-request', userId, requestId, index);
    // A retry answers what its first try made, even if the sender's receivers changed in between.
    const earlier = idOf ? await messageIdOfEvent(app.deps, idOf(0)) : null;
    if (earlier !== null) return answer(app, earlier, userId);
    await checkMessageContent(sql, userId, body);
    const [{ id: messageId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('message_ids')::integer AS id`);
    const { events, state } = await runMessageCommand(app.deps, { kind: 'create', messageId, userId, message: normalizeTimes(body), at: now().toISOString() }, idOf);
    // A concurrent try with the same request id may have stored its events first.
    const made = idOf ? await messageIdOfEvent(app.deps, idOf(0)) : messageId;
    if (made !== null && made !== messageId) return answer(app, made, userId);
    await pushUnreadChanges(app, sql, events, state);
    const [message] = await describeMessages(sql, [messageOf(messageId, state)], userId, now());
    return message!;
  });
}

async function answer(app: App, messageId: number, userId: number): Promise<Message> {
  const state = await loadMessageState(app.deps, messageId);
  const [message] = await describeMessages(app.deps.sql, [messageOf(messageId, state)], userId, app.deps.now());
  return message!;
}
