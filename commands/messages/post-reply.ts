import { randomUUID } from 'node:crypto';
import { requireUser } from '../../server/http/auth.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { PostReplyRequest, Reply } from '../../schemas/api/message-replies.ts';
import { streams } from '../../schemas/events/index.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';
import { requireUsableFile } from '../../domain/files/file-access.ts';
import { describeReplies, type ReplyRecord } from '../../domain/messages/reply-views.ts';
import { runMessageCommand } from './message-stream.ts';

// POST /api/message-replies {messageId, reply, fileId?, requestId?}: "post reply" of spec 2
// section 7 (the spec names no path). Who may reply is the message decider's rule (the owner; a
// recipient of a sent message with recipientCanReply). The file must be one the caller may read
// (domain/files/file-access.ts): their own upload, a library file, or one attached where they see it. Posting marks the message and its
// discussion read for the writer (spec 2 section 4), and nudges everyone else in the conversation
// over /ws (UnreadCountChanged), so an open messenger reads the reply at once.
export function postReplyRoute(app: App): void {
  app.post('/api/message-replies', { schema: { body: PostReplyRequest, response: { 200: Reply } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    const { messageId, reply, fileId, requestId } = request.body;
    if (fileId !== null) await requireUsableFile(sql, userId, fileId, 'body.fileId');
    const [user] = await sql.query<{ user_group_id: number | null }>('SELECT user_group_id FROM users WHERE id = $1', [userId]);
    const userGroupId = user?.user_group_id == null ? null : Number(user.user_group_id);
    // A retry with the same request id is the same reply (same id, same event ids).
    const replyId = requestId === undefined ? randomUUID() : eventId('message-reply', userId, requestId);
    const at = now().toISOString();
    const { events, state } = await runMessageCommand(
      app.deps,
      { kind: 'postReply', messageId, userId, userGroupId, replyId, text: reply.trim(), fileId, at },
      requestId === undefined ? undefined : (index) => eventId('message-reply', userId, requestId, index),
    );
    await pushUnreadChanges(app, sql, events, state);
    const posted = replyOf(events) ?? replyOf(await app.deps.store.readStream(streams.message(messageId)), replyId);
    const [answer] = await describeReplies(sql, posted ? [posted] : [], userId, new Map([[messageId, state.discussionReadTimes.get(userId) ?? null]]));
    return answer!;
  });
}

/** The reply posted by `events` (or, for a retry, the stored one with `replyId`). */
function replyOf(events: readonly { type: string; data: unknown }[], replyId?: string): ReplyRecord | undefined {
  const found = (events as readonly MessageEvent[]).find((e) => e.type === 'ReplyPosted' && (replyId === undefined || e.data.replyId === replyId));
  if (found?.type !== 'ReplyPosted') return undefined;
  const d = found.data;
  return { id: d.replyId, messageId: d.messageId, userId: d.userId, text: d.text, fileId: d.fileId, at: d.at };
}
