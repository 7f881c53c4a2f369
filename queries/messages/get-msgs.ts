import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { ConversationList, GetMsgsRequest, type Conversation } from '../../schemas/api/message-replies.ts';
import { describeItems, describeMessages } from '../../domain/messages/message-views.ts';
import { describeReplies, type ReplyRecord } from '../../domain/messages/reply-views.ts';
import { findMessageItems, findMessages } from './message-rows.ts';

// POST /api/get-msgs {query: {idList?, limit?}}: the messenger's conversations (spec 2 sections 2,
// 3 and 7) of the caller: sent messages they own or received (directly or through their group),
// not games or usage reports (nor, for recipients, those switched off), each with its items, its replies in time order, the caller's read
// times and the count of others' replies they have not read; the most recently active first.
// Recipients carry the first and last name of the resident a relative's account belongs to.

export async function findConversations(db: Queryable, viewerId: number, query: GetMsgsRequest['query'], now: Date): Promise<Conversation[]> {
  // A conversation its owner switched off (removed) is gone for its recipients; the owner keeps it
  // to switch it on again.
  const records = (await findMessages(db, viewerId, { idList: query.idList, sent: true, game: false, usageReport: false, limit: 1000, offset: 0 }, now)).filter(
    (m) => m.ownerId === viewerId || m.active,
  );
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const messages = await describeMessages(db, records, viewerId, now);
  const items = await describeItems(db, await findMessageItems(db, viewerId, ids));
  const replyRows = await db.query<{ id: string; message_id: number; user_id: number; text: string; file_id: number | null; at: Date | string }>(
    'SELECT id, message_id, user_id, text, file_id, at FROM message_replies WHERE message_id = ANY($1::integer[]) ORDER BY at, id',
    [ids],
  );
  const readRows = await db.query<{ message_id: number; discussion_read_time: Date | string | null }>(
    'SELECT message_id, discussion_read_time FROM message_read_times WHERE user_id = $1 AND message_id = ANY($2::integer[])',
    [viewerId, ids],
  );
  const discussionReadTimes = new Map(readRows.map((r) => [Number(r.message_id), r.discussion_read_time]));
  const replies = await describeReplies(
    db,
    replyRows.map((r): ReplyRecord => ({ id: r.id, messageId: Number(r.message_id), userId: Number(r.user_id), text: r.text, fileId: r.file_id === null ? null : Number(r.file_id), at: r.at })),
    viewerId,
    discussionReadTimes,
  );
  const residents = await residentsOf(db, [...new Set(messages.flatMap((m) => m.recipients.filter((r) => r.name !== '').map((r) => r.id)))]);
  const conversations = messages.map((message): Conversation => {
    const own = replies.filter((r) => r.messageId === message.id);
    const discussionReadTime = discussionReadTimes.get(message.id) ?? null;
    const lastActivity = own.at(-1)?.time ?? message.time ?? message.sentTime;
    return {
      ...message,
      recipients: message.recipients.map((r) => ({ ...r, residentFirstName: residents.get(r.id)?.first_name ?? null, residentLastName: residents.get(r.id)?.last_name ?? null })),
      canReply: message.own || message.recipientCanReply,
      discussionReadTime: discussionReadTime === null ? null : new Date(discussionReadTime).toISOString(),
      unreadReplyCount: own.filter((r) => r.readTime === null).length,
      lastActivity,
      items: items.filter((i) => i.messageId === message.id),
      replies: own,
    };
  });
  const at = (c: Conversation) => (c.lastActivity === null ? 0 : Date.parse(c.lastActivity));
  return conversations.sort((a, b) => at(b) - at(a) || b.id - a.id).slice(0, query.limit);
}

/** The resident whose relative each user is (users.resident_id), by user id. */
async function residentsOf(db: Queryable, userIds: number[]): Promise<Map<number, { first_name: string; last_name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; first_name: string; last_name: string }>(
    'SELECT u.id, r.first_name, r.last_name FROM users u JOIN residents r ON r.id = u.resident_id WHERE u.id = ANY($1::integer[])',
    [userIds],
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

export function getMsgsRoute(app: App): void {
  app.post('/api/get-msgs', { schema: { body: GetMsgsRequest, response: { 200: ConversationList } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    return findConversations(sql, userId, request.body.query, now());
  });
}
