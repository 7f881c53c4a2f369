import type { Queryable } from '../../infra/sql/sql.ts';
import { addressedTo } from './message-access.ts';

// Whom a user may send messages to (migration 010: message_receivers, message_receiver_groups and
// the active default recipients). The same lists decide which names a viewer may read in message
// listings: a name is shown only for people and groups the viewer may send to, or who sent to the
// viewer. Shared by the commands that check recipients and the queries that list messages.

/**
 * The user ids `userId` may address: receivers and active default recipients. `activeOnly`: only
 * users still active (what a new message may go to, and what GET /api/message-recipients lists);
 * without it the relation alone (whose names a listing may show, inactive users included).
 */
export async function allowedReceiverIds(sql: Queryable, userId: number, options: { activeOnly?: boolean } = {}): Promise<Set<number>> {
  const rows = await sql.query<{ id: number }>(
    `SELECT a.id FROM (SELECT receiver_user_id AS id FROM message_receivers WHERE user_id = $1
                       UNION SELECT dst_user_id FROM default_message_recipients WHERE src_user_id = $1 AND active) a
      WHERE NOT $2 OR EXISTS (SELECT 1 FROM users u WHERE u.id = a.id AND u.active)`,
    [userId, options.activeOnly ?? false],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The user group ids `userId` may address; `activeOnly` as for allowedReceiverIds. */
export async function allowedReceiverGroupIds(sql: Queryable, userId: number, options: { activeOnly?: boolean } = {}): Promise<Set<number>> {
  const rows = await sql.query<{ id: number }>(
    `SELECT r.user_group_id AS id FROM message_receiver_groups r
      WHERE r.user_id = $1 AND (NOT $2 OR EXISTS (SELECT 1 FROM user_groups g WHERE g.id = r.user_group_id AND g.active))`,
    [userId, options.activeOnly ?? false],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The people and groups whose names `viewerId` may read in message listings: themselves and their
 * own group, whom they may send to, and whoever sent them a message (directly or to their group).
 */
export async function nameableBy(sql: Queryable, viewerId: number): Promise<{ users: Set<number>; groups: Set<number> }> {
  const users = await allowedReceiverIds(sql, viewerId);
  users.add(viewerId);
  const senders = await sql.query<{ id: number }>(
    `SELECT DISTINCT m.user_id AS id FROM messages m
      WHERE ${addressedTo('$1')}`,
    [viewerId],
  );
  for (const s of senders) users.add(Number(s.id));
  const groups = await allowedReceiverGroupIds(sql, viewerId);
  const [own] = await sql.query<{ user_group_id: number | null }>('SELECT user_group_id FROM users WHERE id = $1', [viewerId]);
  if (own?.user_group_id != null) groups.add(Number(own.user_group_id));
  return { users, groups };
}
