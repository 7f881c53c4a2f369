import type { Queryable } from '../../infra/sql/sql.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';
import type { GetMessagesQuery, Message, MessageItem } from '../../schemas/api/messages.ts';
import { nameableBy } from './message-receivers.ts';

// Messages and items as a viewer sees them, from the messages read model (migrations 005 and 006)
// or, for the answer of a command, from the stream's own state: one row shape, one way to name its
// people. A viewer sees the messages they own, and the sent ones addressed to them or to their
// user group. Of the other recipients a viewer reads names only of those they may send to or who
// sent to them (message-receivers.ts): a message to many units must not list every unit's name
// across organisations to each of them; the others keep their id with an empty name.

export interface MessageRow {
  id: number;
  user_id: number;
  title: string;
  time: Date | string | null;
  expire_time: Date | string | null;
  sent: boolean;
  sent_time: Date | string | null;
  active: boolean;
  recommendation: boolean;
  usage_report: boolean;
  game: boolean;
  recipient_can_modify: boolean;
  recipient_can_reply: boolean;
  reply_to_message_id: number | null;
  recipients: number[];
  recipient_groups: number[];
}

export interface ItemRow {
  id: number;
  message_id: number;
  order: number;
  type: MessageItem['type'];
  html: string | null;
  audio_file_id: number | null;
  recipe_id: number | null;
  file_id: number | null;
  url: string | null;
  content_type: string | null;
  track_clicks: boolean;
}

// When a message counts as being "at" for a period: its active-from, else when it was sent.
const messageInstant = 'COALESCE(m.time, m.sent_time, m.created_at)';

const visibleTo = `(m.user_id = $1 OR (m.sent AND ($1 = ANY(m.recipients)
  OR m.recipient_groups && ARRAY(SELECT user_group_id FROM users WHERE id = $1 AND user_group_id IS NOT NULL))))`;

const activeAt = (now: string) => `(m.sent AND m.active AND COALESCE(m.time, m.sent_time) <= ${now} AND (m.expire_time IS NULL OR m.expire_time > ${now}))`;

/** The viewer's messages matching the query, newest first. */
export async function findMessages(db: Queryable, viewerId: number, query: GetMessagesQuery, now: Date): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `SELECT m.* FROM messages m
     WHERE ${visibleTo}
       AND ($2::integer[] IS NULL OR m.id = ANY($2::integer[]))
       AND ($3::boolean IS NULL OR (m.user_id = $1) = $3)
       AND ($4::boolean IS NULL OR m.sent = $4)
       AND ($5::boolean IS NULL OR ${activeAt('$6::timestamptz')} = $5)
       AND ($7::boolean IS NULL OR m.game = $7)
       AND ($8::boolean IS NULL OR m.recommendation = $8)
       AND ($9::boolean IS NULL OR m.usage_report = $9)
       AND ($10::timestamptz IS NULL OR ${messageInstant} >= $10::timestamptz)
       AND ($11::timestamptz IS NULL OR ${messageInstant} < $11::timestamptz)
     ORDER BY ${messageInstant} DESC, m.id DESC
     LIMIT $12 OFFSET $13`,
    [
      viewerId,
      query.idList ?? null,
      query.own ?? null,
      query.sent ?? null,
      query.active ?? null,
      now.toISOString(),
      query.game ?? null,
      query.recommendation ?? null,
      query.usageReport ?? null,
      query.startTime ?? null,
      query.endTime ?? null,
      query.limit,
      query.offset,
    ],
  );
}

/** The items of those of `messageIds` the viewer sees, by message and order. */
export async function findMessageItems(db: Queryable, viewerId: number, messageIds: readonly number[]): Promise<ItemRow[]> {
  return db.query<ItemRow>(
    `SELECT i.id, i.message_id, i."order", i.type, i.html, i.audio_file_id, i.recipe_id, i.file_id, i.url, i.content_type, i.track_clicks
       FROM message_items i JOIN messages m ON m.id = i.message_id
      WHERE i.message_id = ANY($2::integer[]) AND ${visibleTo}
      ORDER BY i.message_id, i."order", i.id`,
    [viewerId, messageIds],
  );
}

/** Which message an item belongs to (null: unknown, or not projected yet). */
export async function messageIdOfItem(db: Queryable, itemId: number): Promise<number | null> {
  const [row] = await db.query<{ message_id: number }>('SELECT message_id FROM message_items WHERE id = $1', [itemId]);
  return row ? Number(row.message_id) : null;
}

interface Person {
  id: number;
  display: string;
  organization: string | null;
  client_name: string | null;
  user_group_id: number | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The rows as `viewerId` sees them, with the names of their people and groups looked up once. */
export async function describeMessages(db: Queryable, rows: readonly MessageRow[], viewerId: number, now: Date): Promise<Message[]> {
  if (rows.length === 0) return [];
  const nameable = await nameableBy(db, viewerId);
  const userIds = [...new Set(rows.flatMap((r) => [Number(r.user_id), ...r.recipients.map(Number)]))];
  const people = new Map(
    (
      await db.query<Person>(`SELECT id, ${userDisplayNameSql} AS display, organization, client_name, user_group_id FROM users WHERE id = ANY($1::integer[])`, [userIds])
    ).map((p) => [Number(p.id), p]),
  );
  const groupIds = [...new Set([...rows.flatMap((r) => r.recipient_groups.map(Number)), ...[...people.values()].flatMap((p) => (p.user_group_id === null ? [] : [Number(p.user_group_id)]))])];
  const groups = new Map(
    (await db.query<{ id: number; name: string; messages_name: string | null }>('SELECT id, name, messages_name FROM user_groups WHERE id = ANY($1::integer[])', [groupIds])).map((g) => [Number(g.id), g]),
  );
  return rows.map((row): Message => {
    const ownerId = Number(row.user_id);
    const owner = people.get(ownerId);
    const group = owner?.user_group_id == null ? undefined : groups.get(Number(owner.user_group_id));
    const own = ownerId === viewerId;
    const time = iso(row.time);
    const expireTime = iso(row.expire_time);
    const sentTime = iso(row.sent_time);
    const from = time ?? sentTime;
    return {
      id: Number(row.id),
      title: row.title,
      userId: ownerId,
      userName: owner?.display ?? null,
      userGroupId: group ? Number(group.id) : null,
      userGroupName: group?.name ?? null,
      userOrganization: owner?.organization ?? null,
      senderName: group?.messages_name || owner?.display || null,
      sent: row.sent,
      active: row.active,
      messageActive: row.sent && row.active && from !== null && new Date(from) <= now && (expireTime === null || new Date(expireTime) > now),
      own,
      canModify: own && !row.sent,
      canRemove: own,
      replyToMessageId: row.reply_to_message_id === null ? null : Number(row.reply_to_message_id),
      recipients: row.recipients.map(Number).map((id) => {
        const person = nameable.users.has(id) ? people.get(id) : undefined;
        return { id, name: person?.display ?? '', organization: person?.organization ?? null, recipientName: person?.client_name ?? null };
      }),
      recipientGroups: row.recipient_groups.map(Number).map((id) => ({ id, name: (nameable.groups.has(id) ? groups.get(id)?.name : undefined) ?? '' })),
      recommendation: row.recommendation,
      usageReport: row.usage_report,
      game: row.game,
      recipientCanModify: row.recipient_can_modify,
      recipientCanReply: row.recipient_can_reply,
      time,
      expireTime,
      sentTime,
    };
  });
}

/** Items with the names of their audio files. */
export async function describeItems(db: Queryable, rows: readonly ItemRow[]): Promise<MessageItem[]> {
  const audioFileIds = [...new Set(rows.flatMap((r) => (r.audio_file_id === null ? [] : [Number(r.audio_file_id)])))];
  const names =
    audioFileIds.length === 0
      ? new Map<number, string>()
      : new Map((await db.query<{ id: number; name: string }>('SELECT id, name FROM audio_files WHERE id = ANY($1::bigint[])', [audioFileIds])).map((f) => [Number(f.id), f.name]));
  const id = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    id: Number(row.id),
    messageId: Number(row.message_id),
    order: Number(row.order),
    type: row.type,
    html: row.html,
    audioFileId: id(row.audio_file_id),
    audioFileName: row.audio_file_id === null ? null : (names.get(Number(row.audio_file_id)) ?? null),
    recipeId: id(row.recipe_id),
    fileId: id(row.file_id),
    url: row.url,
    contentType: row.content_type,
    trackClicks: row.track_clicks,
  }));
}
