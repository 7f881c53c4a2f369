import { z } from 'zod';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { UnreadMessagesCount } from '../../schemas/api/messages.ts';
import { addressedTo } from '../../domain/messages/message-access.ts';

// GET /api/unread-messages-count: the number on the top bar's messages button (spec 2 section 6),
// the caller's own. A message counts once when it is active now (sent, switched on, within its
// active-from and active-until) and either
// - it was sent to the caller or their user group, not by them, and they have no read time of it
//   (never read, or marked unread), or
// - it is theirs or sent to them and someone else replied after their discussion read time.
// The browser reads it again when /ws says UnreadCountChanged, and every 5 s as a fallback.


export async function countUnreadMessages(db: Queryable, userId: number, now: Date): Promise<number> {
  const [row] = await db.query<{ count: number | string }>(
    `SELECT count(*) AS count FROM messages m
       LEFT JOIN message_read_times r ON r.message_id = m.id AND r.user_id = $1
      WHERE m.sent AND m.active AND COALESCE(m.time, m.sent_time) <= $2::timestamptz AND (m.expire_time IS NULL OR m.expire_time > $2::timestamptz)
        AND (m.user_id = $1 OR ${addressedTo('$1')})
        AND ((m.user_id <> $1 AND r.read_time IS NULL)
          OR EXISTS (SELECT 1 FROM message_replies p
                      WHERE p.message_id = m.id AND p.user_id <> $1 AND p.at > COALESCE(r.discussion_read_time, '-infinity'::timestamptz)))`,
    [userId, now.toISOString()],
  );
  return Number(row?.count ?? 0);
}

export function unreadMessagesCountRoute(app: App): void {
  app.get('/api/unread-messages-count', { schema: { querystring: z.strictObject({}), response: { 200: UnreadMessagesCount } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, now } = app.deps;
    return { count: await countUnreadMessages(sql, userId, now()) };
  });
}
