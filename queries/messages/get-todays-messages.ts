import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { GetMessagesQuery } from '../../schemas/api/messages.ts';
import { TodaysMessages } from '../../schemas/api/todays-messages.ts';
import { describeItems, describeMessages } from '../../domain/messages/message-views.ts';
import { findMessageItems, findMessages } from './message-rows.ts';

// GET /api/todays-messages: the active recommendation messages addressed to the caller (not their
// own: a user reads only what was sent to them or their group) with their items, for the today's
// messages player (spec 2 section 2). Active is as of now: an instant, so the same in every time
// zone; a message with no active-until stays on the page from its active-from on.

/** At most this many messages make one day's page. */
const maxMessages = 100;

export function getTodaysMessagesRoute(app: App): void {
  app.get('/api/todays-messages', { schema: { response: { 200: TodaysMessages } } }, async (request) => {
    const viewerId = requireUser(request).userId;
    const { sql, now } = app.deps;
    const at = now();
    const query = GetMessagesQuery.parse({ own: false, sent: true, active: true, recommendation: true, limit: maxMessages });
    // Newest first from the read model; the day reads from its first message on.
    const records = (await findMessages(sql, viewerId, query, at)).reverse();
    const items = records.length === 0 ? [] : await findMessageItems(sql, viewerId, records.map((m) => m.id));
    return { messages: await describeMessages(sql, records, viewerId, at), items: await describeItems(sql, items) };
  });
}
