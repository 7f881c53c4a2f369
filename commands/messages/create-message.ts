import { requireUser } from '../../server/http/auth.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { Message, NewMessage } from '../../schemas/api/messages.ts';
import { describeMessages, describeWithNames, lookUpNames } from '../../domain/messages/message-views.ts';
import { checkMessageContent, normalizeTimes } from './message-content.ts';
import { loadMessageState, messageIdOfEvent, messageOf, runNewMessageCommand } from './message-stream.ts';

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
    const addressable = await checkMessageContent(app.deps, userId, body);
    // The answer's names are read before the append: after it, the projectors it wakes queue their
    // reads ahead of these on PGlite's one connection. Whom the check just proved the sender may
    // address are all the message names, so their names may be shown.
    const names = await lookUpNames(sql, { userIds: [...addressable.users], groupIds: [...addressable.groups] }, userId, addressable);
    const [{ id: messageId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('message_ids')::integer AS id`);
    const { events, state, appended } = await runNewMessageCommand(app.deps, { kind: 'create', messageId, userId, message: normalizeTimes(body), at: now().toISOString() }, idOf);
    // Nothing stored: a concurrent try with the same request id stored its events first (their ids
    // are unique across the log), so this answers the message that try made.
    if (appended === 0 && idOf) {
      const made = await messageIdOfEvent(app.deps, idOf(0));
      if (made !== null && made !== messageId) return answer(app, made, userId);
    }
    const [message] = describeWithNames(names, [messageOf(messageId, state)], userId, now());
    await pushUnreadChanges(app, sql, events, state);
    return message!;
  });
}

async function answer(app: App, messageId: number, userId: number): Promise<Message> {
  const state = await loadMessageState(app.deps, messageId);
  const [message] = await describeMessages(app.deps.sql, [messageOf(messageId, state)], userId, app.deps.now());
  return message!;
}
