import type { Queryable } from '../../infra/sql/sql.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';

// Whom a user may send messages to (migration 010), with names, for the current user's answer:
// users and user groups, and the default recipients a new conversation starts with (spec 2
// section 3, spec 3 section 3). The rule itself (who may address whom, whose names a viewer
// reads) is domain/messages/message-receivers.ts.

export interface MessageReceivers {
  messageReceivers: { id: number; name: string }[];
  messageReceiverGroups: { id: number; name: string }[];
  /** Spec 3's default-message-recipients rows (id is the row's), with the recipient's display name. */
  defaultMessageRecipients: { id: number; srcUserId: number; dstUserId: number; recipientName: string | null; active: boolean; name: string }[];
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
  const defaults = await sql.query<{ id: number; src_user_id: number; dst_user_id: number; name: string; recipient_name: string | null; active: boolean }>(
    `SELECT d.id, d.src_user_id, d.dst_user_id, (SELECT ${userDisplayNameSql} FROM users WHERE id = d.dst_user_id) AS name, d.recipient_name, d.active
       FROM default_message_recipients d JOIN users u ON u.id = d.dst_user_id
      WHERE d.src_user_id = $1 AND d.active AND u.active ORDER BY d.id`,
    [userId],
  );
  return {
    messageReceivers: users.map((u) => ({ id: Number(u.id), name: u.name })),
    messageReceiverGroups: groups.map((g) => ({ id: Number(g.id), name: g.name })),
    defaultMessageRecipients: defaults.map((d) => ({
      id: Number(d.id),
      srcUserId: Number(d.src_user_id),
      dstUserId: Number(d.dst_user_id),
      recipientName: d.recipient_name,
      active: d.active,
      name: d.name,
    })),
  };
}
