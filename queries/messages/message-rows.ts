import type { Queryable } from '../../infra/sql/sql.ts';
import type { GetMessagesQuery, MessageItem } from '../../schemas/api/messages.ts';
import type { ItemRecord, MessageRecord } from '../../domain/messages/message-views.ts';
import { seenBy } from '../../domain/messages/message-access.ts';

// The messages read model (tables `messages`, migration 006, and `message_items`, migration 005):
// what a viewer sees of it. A viewer sees the messages they own, and the sent ones addressed to
// them or to their user group; how those are shown is domain/messages/message-views.ts.

interface MessageRow {
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
  force_popup: boolean;
  video_chat_room_id: string | null;
  reply_to_message_id: number | null;
  recipients: number[];
  recipient_groups: number[];
  /** The viewer's own (message_read_times). */
  read_time: Date | string | null;
}

interface ItemRow {
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
  width: string | null;
  iframe_height: number | null;
  user_tag_group_id: number | null;
  track_clicks: boolean;
}

// When a message counts as being "at" for a period: its active-from, else when it was sent.
const messageInstant = 'COALESCE(m.time, m.sent_time, m.created_at)';

const visibleTo = seenBy('$1');

const activeAt = (now: string) => `(m.sent AND m.active AND COALESCE(m.time, m.sent_time) <= ${now} AND (m.expire_time IS NULL OR m.expire_time > ${now}))`;

/** The viewer's messages matching the query, newest first. */
export async function findMessages(db: Queryable, viewerId: number, query: GetMessagesQuery, now: Date): Promise<MessageRecord[]> {
  const rows = await db.query<MessageRow>(
    `SELECT m.*, r.read_time FROM messages m
       LEFT JOIN message_read_times r ON r.message_id = m.id AND r.user_id = $1
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
       AND ($14::boolean IS NULL OR m.active <> $14)
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
      query.archived ?? null,
    ],
  );
  return rows.map(toMessageRecord);
}

/** The items of those of `messageIds` the viewer sees, by message and order. */
export async function findMessageItems(db: Queryable, viewerId: number, messageIds: readonly number[]): Promise<ItemRecord[]> {
  const rows = await db.query<ItemRow>(
    `SELECT i.id, i.message_id, i."order", i.type, i.html, i.audio_file_id, i.recipe_id, i.file_id, i.url, i.content_type, i.track_clicks,
            i.width, i.iframe_height, i.user_tag_group_id
       FROM message_items i JOIN messages m ON m.id = i.message_id
      WHERE i.message_id = ANY($2::integer[]) AND ${visibleTo}
      ORDER BY i.message_id, i."order", i.id`,
    [viewerId, messageIds],
  );
  return rows.map(toItemRecord);
}

const id = (value: number | string | null) => (value === null ? null : Number(value));

const toMessageRecord = (row: MessageRow): MessageRecord => ({
  id: Number(row.id),
  ownerId: Number(row.user_id),
  title: row.title,
  time: row.time,
  expireTime: row.expire_time,
  sent: row.sent,
  sentTime: row.sent_time,
  active: row.active,
  recommendation: row.recommendation,
  usageReport: row.usage_report,
  game: row.game,
  recipientCanModify: row.recipient_can_modify,
  recipientCanReply: row.recipient_can_reply,
  forcePopup: row.force_popup,
  videoChat: row.video_chat_room_id !== null,
  replyToMessageId: id(row.reply_to_message_id),
  recipients: row.recipients.map(Number),
  recipientGroups: row.recipient_groups.map(Number),
  readTime: row.read_time,
});

const toItemRecord = (row: ItemRow): ItemRecord => ({
  id: Number(row.id),
  messageId: Number(row.message_id),
  order: Number(row.order),
  type: row.type,
  html: row.html,
  audioFileId: id(row.audio_file_id),
  recipeId: id(row.recipe_id),
  fileId: id(row.file_id),
  url: row.url,
  contentType: row.content_type,
  trackClicks: row.track_clicks,
  width: row.width,
  iframeHeight: id(row.iframe_height),
  userTagGroupId: id(row.user_tag_group_id),
});
