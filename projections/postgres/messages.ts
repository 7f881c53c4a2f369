import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { postgresProjector, type ProjectedEvent } from '../engine/projector.ts';

// Messages and their items (tables `messages`, migration 006, and `message_items`, migration 005),
// projected from the `message-{id}` streams. A message row is only changed by an event newer than
// the one it last took (stream_version), so a batch delivered again changes nothing.

const handled = [
  'MessageDrafted',
  'MessageUpdated',
  'RecipientsSet',
  'MessageSent',
  'MessageRestoredAsDraft',
  'MessageActivitySet',
  'MessageItemAdded',
  'MessageItemUpdated',
  'MessageItemRemoved',
  'MessageItemsReordered',
] as const;
type MessageProjected = ProjectedEvent<(typeof handled)[number]>;

// MessageUpdated names only what changed: each field keeps its value unless the event has it.
const updatableColumns = {
  title: 'title',
  time: 'time',
  expireTime: 'expire_time',
  recommendation: 'recommendation',
  usageReport: 'usage_report',
  game: 'game',
  recipientCanModify: 'recipient_can_modify',
  recipientCanReply: 'recipient_can_reply',
  replyToMessageId: 'reply_to_message_id',
} as const;

const itemValues = (item: EventOf<'MessageItemAdded'>['data']['item']) => [
  item.type,
  item.html,
  item.audioFileId,
  item.recipeId,
  item.fileId,
  item.url,
  item.contentType,
  item.trackClicks,
];

async function setMessage(tx: Queryable, event: MessageProjected, assignments: string, values: SqlParam[]): Promise<void> {
  await tx.query(`UPDATE messages SET ${assignments}, stream_version = $2 WHERE id = $1 AND stream_version < $2`, [event.data.messageId, event.streamVersion, ...values]);
}

async function applyOne(tx: Queryable, event: MessageProjected): Promise<void> {
  switch (event.type) {
    case 'MessageDrafted': {
      const d = event.data;
      await tx.query(
        `INSERT INTO messages (id, user_id, title, time, expire_time, recommendation, usage_report, game, recipient_can_modify,
           recipient_can_reply, reply_to_message_id, created_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
        [d.messageId, d.userId, d.title, d.time, d.expireTime, d.recommendation, d.usageReport, d.game, d.recipientCanModify, d.recipientCanReply, d.replyToMessageId, d.at, event.streamVersion],
      );
      return;
    }
    case 'MessageUpdated': {
      const changed = Object.entries(updatableColumns).filter(([field]) => event.data[field as keyof typeof updatableColumns] !== undefined);
      if (changed.length === 0) return;
      const assignments = changed.map(([, column], i) => `${column} = $${i + 3}`).join(', ');
      await setMessage(tx, event, assignments, changed.map(([field]) => event.data[field as keyof typeof updatableColumns] ?? null));
      return;
    }
    case 'RecipientsSet':
      await setMessage(tx, event, 'recipients = $3::integer[], recipient_groups = $4::integer[]', [event.data.recipients, event.data.recipientGroups]);
      return;
    case 'MessageSent':
      await setMessage(tx, event, 'sent = true, sent_time = $3', [event.data.at]);
      return;
    case 'MessageRestoredAsDraft':
      await setMessage(tx, event, 'sent = false, sent_time = NULL', []);
      return;
    case 'MessageActivitySet':
      await setMessage(tx, event, 'active = $3', [event.data.active]);
      return;
    case 'MessageItemAdded':
    case 'MessageItemUpdated': {
      const { messageId, item } = event.data;
      // An update keeps the order; an addition sets it.
      const order = event.type === 'MessageItemAdded' ? event.data.order : null;
      await tx.query(
        `INSERT INTO message_items (id, message_id, "order", type, html, audio_file_id, recipe_id, file_id, url, content_type, track_clicks, updated_at)
         VALUES ($1, $2, COALESCE($3, 0), $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (id) DO UPDATE SET message_id = EXCLUDED.message_id, "order" = COALESCE($3, message_items."order"), type = EXCLUDED.type,
           html = EXCLUDED.html, audio_file_id = EXCLUDED.audio_file_id, recipe_id = EXCLUDED.recipe_id, file_id = EXCLUDED.file_id,
           url = EXCLUDED.url, content_type = EXCLUDED.content_type, track_clicks = EXCLUDED.track_clicks, updated_at = EXCLUDED.updated_at`,
        [item.itemId, messageId, order, ...itemValues(item), event.data.at],
      );
      return;
    }
    case 'MessageItemRemoved':
      await tx.query('DELETE FROM message_items WHERE id = $1 AND message_id = $2', [event.data.itemId, event.data.messageId]);
      return;
    case 'MessageItemsReordered':
      await tx.query(
        `UPDATE message_items AS i SET "order" = o.ord - 1 FROM unnest($2::integer[]) WITH ORDINALITY AS o(id, ord)
         WHERE i.id = o.id AND i.message_id = $1`,
        [event.data.messageId, event.data.itemIds],
      );
      return;
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const messagesProjector = postgresProjector({
  name: 'messages',
  version: 1,
  handles: [...handled],
  // Read times, replies and video chat rooms have no command yet (issue 14 and 19 build them); their
  // read model comes with them.
  ignores: ['MessageReadTimeSet', 'DiscussionReadTimeSet', 'ReplyPosted', 'VideoChatRoomCreated'],
  // The tables come from migrations 005 and 006, which run before any projector starts.
  async setup() {},
  async apply(tx, events) {
    // Messages are written by people: batches are small, and one statement per event keeps each
    // event's meaning in one place.
    for (const event of events) await applyOne(tx, event);
  },
});
