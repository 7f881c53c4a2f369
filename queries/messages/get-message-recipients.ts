import { MessageRecipientsQuery, MessageRecipientsResponse, type AddressableUser } from '../../schemas/api/message-recipients.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// GET /api/message-recipients (spec 2 section 7): the people and groups the caller may address,
// for the Add recipients modal and a new conversation. The rule is the one the commands enforce
// (domain/messages/message-receivers.ts): the caller's message_receivers and active
// default_message_recipients, and their message_receiver_groups; inactive users and groups are
// left out. A public-report session sends no messages and is refused.

export function getMessageRecipientsRoute(app: App): void {
  app.get('/api/message-recipients', { schema: { querystring: MessageRecipientsQuery, response: { 200: MessageRecipientsResponse } } }, async (request) => {
    const { userId } = requireUser(request);
    return loadAddressable(app.deps.sql, userId);
  });
}

export async function loadAddressable(sql: Queryable, userId: number): Promise<MessageRecipientsResponse> {
  const users = await sql.query<{
    id: number;
    name: string;
    organization: string | null;
    client_name: string | null;
    default_name: string | null;
    is_default: boolean;
    resident_first_name: string | null;
    resident_last_name: string | null;
  }>(
    `WITH addressable AS (
       SELECT receiver_user_id AS id, false AS is_default, NULL::text AS default_name FROM message_receivers WHERE user_id = $1
       UNION ALL
       SELECT dst_user_id, true, NULLIF(recipient_name, '') FROM default_message_recipients WHERE src_user_id = $1 AND active
     ), merged AS (
       SELECT id, bool_or(is_default) AS is_default, max(default_name) AS default_name FROM addressable GROUP BY id
     )
     SELECT u.id, u.display AS name, u.organization, NULLIF(u.client_name, '') AS client_name, m.default_name, m.is_default,
            r.first_name AS resident_first_name, r.last_name AS resident_last_name
       FROM merged m JOIN (SELECT *, ${userDisplayNameSql} AS display FROM users) u ON u.id = m.id
       LEFT JOIN residents r ON r.id = u.resident_id AND r.active
      WHERE u.active
      ORDER BY name, u.id`,
    [userId],
  );
  const groups = await sql.query<{ id: number; name: string }>(
    `SELECT g.id, COALESCE(NULLIF(g.messages_name, ''), g.name) AS name
       FROM message_receiver_groups r JOIN user_groups g ON g.id = r.user_group_id
      WHERE r.user_id = $1 AND g.active ORDER BY name, g.id`,
    [userId],
  );
  return {
    users: users.map(
      (u): AddressableUser => ({
        id: Number(u.id),
        name: u.name,
        organization: u.organization,
        recipientName: u.default_name ?? u.client_name,
        residentFirstName: u.resident_first_name,
        residentLastName: u.resident_last_name,
        default: u.is_default,
      }),
    ),
    groups: groups.map((g) => ({ id: Number(g.id), name: g.name })),
  };
}

