import type { Queryable } from '../../infra/sql/sql.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';
import type { Reply } from '../../schemas/api/message-replies.ts';

// Replies as a viewer sees them, shared by POST /api/message-replies (answering the reply it
// posted, from the stream) and POST /api/get-msgs (from the read model). The writers of a
// conversation's replies are its owner and its recipients, so their names and organisations are
// shown to everyone in it; a reply's file is named with its type, so images show inline.

/** What a reply says, wherever it was read from. */
export interface ReplyRecord {
  id: string;
  messageId: number;
  userId: number;
  text: string;
  fileId: number | null;
  at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * `discussionReadTime`: the viewer's read time of the message's replies; a reply from someone else
 * is read when it is not later than that, the viewer's own are read when written.
 */
export async function describeReplies(db: Queryable, replies: readonly ReplyRecord[], viewerId: number, discussionReadTimes: ReadonlyMap<number, Date | string | null>): Promise<Reply[]> {
  if (replies.length === 0) return [];
  const userIds = [...new Set(replies.map((r) => r.userId))];
  const people = new Map(
    (await db.query<{ id: number; display: string; organization: string | null }>(`SELECT id, ${userDisplayNameSql} AS display, organization FROM users WHERE id = ANY($1::integer[])`, [userIds])).map((p) => [
      Number(p.id),
      p,
    ]),
  );
  const fileIds = [...new Set(replies.flatMap((r) => (r.fileId === null ? [] : [r.fileId])))];
  const files =
    fileIds.length === 0
      ? new Map<number, { name: string; content_type: string }>()
      : new Map((await db.query<{ id: number; name: string; content_type: string }>('SELECT id, name, content_type FROM files WHERE id = ANY($1::integer[])', [fileIds])).map((f) => [Number(f.id), f]));
  return replies.map((row): Reply => {
    const person = people.get(row.userId);
    const file = row.fileId === null ? undefined : files.get(row.fileId);
    const time = iso(row.at);
    const own = row.userId === viewerId;
    const discussionRead = discussionReadTimes.get(row.messageId) ?? null;
    const read = own || (discussionRead !== null && new Date(discussionRead).getTime() >= new Date(time).getTime());
    return {
      id: row.id,
      messageId: row.messageId,
      reply: row.text,
      replyFileId: row.fileId,
      replyFileContentType: file?.content_type ?? null,
      replyFileName: file?.name ?? null,
      time,
      userId: row.userId,
      userName: person?.display ?? null,
      userOrganization: person?.organization ?? null,
      own,
      readTime: read ? (own ? time : iso(discussionRead!)) : null,
    };
  });
}
