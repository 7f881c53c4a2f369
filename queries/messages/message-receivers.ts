import type { Queryable } from '../../infra/sql/sql.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';

// Whom a user may send messages to (migration 010): users and user groups, and the default
// recipients a new conversation starts with (spec 2 section 3, spec 3 section 3). The same lists
// decide which names a viewer may read in message listings: a name is shown only for people and
// groups the viewer may send to, or who sent to the viewer.

export interface MessageReceivers {
  messageReceivers: { id: number; name: string }[];
  messageReceiverGroups: { id: number; name: string }[];
  defaultMessageRecipients: { id: number; name: string; recipientName: string | null }[];
}

export async function loadMessageReceivers(sql: Queryable, userId: number): Promise<MessageReceivers> {
  const users = await sql.query<{ id: number; name: string }>(
    `SELECT id, ${userDisplayNameSql} AS name FROM users
      WHERE active AND id IN (SELECT receiver_user_id FROM message_receivers WHERE user_id = $1
                              UNION SELECT dst_user_id FROM default_message_recipients WHERE src_user_id = $1 AND active)
      ORDER BY name, id`,
    [userId],
  );
  const groups = await sql.query<{ id: number; name: string }>(
    `SELECT g.id, COALESCE(NULLIF(g.messages_name, ''), g.name) AS name FROM message_receiver_groups r JOIN user_groups g ON g.id = r.user_group_id
      WHERE r.user_id = $1 AND g.active ORDER BY name, g.id`,
    [userId],
  );
  const defaults = await sql.query<{ id: number; name: string; recipient_name: string | null }>(
    `SELECT d.dst_user_id AS id, (SELECT ${userDisplayNameSql} FROM users WHERE id = d.dst_user_id) AS name, d.recipient_name
       FROM default_message_recipients d JOIN users u ON u.id = d.dst_user_id
      WHERE d.src_user_id = $1 AND d.active AND u.active ORDER BY d.id`,
    [userId],
  );
  return {
    messageReceivers: users.map((u) => ({ id: Number(u.id), name: u.name })),
    messageReceiverGroups: groups.map((g) => ({ id: Number(g.id), name: g.name })),
    defaultMessageRecipients: defaults.map((d) => ({ id: Number(d.id), name: d.name, recipientName: d.recipient_name })),
  };
}

/** The user ids `userId` may address: receivers and active default recipients. */
export async function allowedReceiverIds(sql: Queryable, userId: number): Promise<Set<number>> {
  const rows = await sql.query<{ id: number }>(
    `SELECT receiver_user_id AS id FROM message_receivers WHERE user_id = $1
     UNION SELECT dst_user_id FROM default_message_recipients WHERE src_user_id = $1 AND active`,
    [userId],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function allowedReceiverGroupIds(sql: Queryable, userId: number): Promise<Set<number>> {
  const rows = await sql.query<{ id: number }>('SELECT user_group_id AS id FROM message_receiver_groups WHERE user_id = $1', [userId]);
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
      WHERE m.sent AND ($1 = ANY(m.recipients)
        OR m.recipient_groups && ARRAY(SELECT user_group_id FROM users WHERE id = $1 AND user_group_id IS NOT NULL))`,
    [viewerId],
  );
  for (const s of senders) users.add(Number(s.id));
  const groups = await allowedReceiverGroupIds(sql, viewerId);
  const [own] = await sql.query<{ user_group_id: number | null }>('SELECT user_group_id FROM users WHERE id = $1', [viewerId]);
  if (own?.user_group_id != null) groups.add(Number(own.user_group_id));
  return { users, groups };
}
