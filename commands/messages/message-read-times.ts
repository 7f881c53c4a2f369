import { requireUser } from '../../server/http/auth.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { MessageReadTime, MessageReadTimeRequest } from '../../schemas/api/messages.ts';
import { runMessageCommand } from './message-stream.ts';

// What PUT /api/message-read-time and PUT /api/discussion-read-time share: the caller sets their
// own read time of a message they may read (its owner, a recipient, a member of a recipient
// group), or null to mark it unread (spec 2 section 4). A conversation is marked read or unread
// by setting both; a reply thread by the discussion read time.

type ReadTimeKind = 'setReadTime' | 'setDiscussionReadTime';

export function readTimeRoute(app: App, url: string, kind: ReadTimeKind): void {
  app.put(url, { schema: { body: MessageReadTimeRequest, response: { 200: MessageReadTime } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    const { messageId } = request.body;
    const readTime = request.body.readTime === null ? null : new Date(request.body.readTime).toISOString();
    // Messages to a user group reach its members: the decider needs the caller's group.
    const [user] = await sql.query<{ user_group_id: number | null }>('SELECT user_group_id FROM users WHERE id = $1', [userId]);
    const userGroupId = user?.user_group_id == null ? null : Number(user.user_group_id);
    const { events, state } = await runMessageCommand(app.deps, { kind, messageId, userId, userGroupId, readTime, at: now().toISOString() });
    await pushUnreadChanges(app, sql, events, state);
    const times = kind === 'setReadTime' ? state.readTimes : state.discussionReadTimes;
    return { messageId, readTime: times.get(userId) ?? null };
  });
}
