import type { Queryable, SqlParam } from '../../infra/sql/sql.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { postgresProjector, type ProjectedEvent } from '../engine/projector.ts';
import { readModelViews } from '../engine/read-model.ts';

// Messages, their items, each reader's read times and the replies, projected from the
// `message-{id}` streams into the projector's own tables `rm_messages_v<version>_messages`,
// `_items`, `_read_times` and `_replies`, read through the stable views `messages`,
// `message_items`, `message_read_times` and `message_replies` (projections/engine/read-model.ts). No foreign keys:
// a rebuild recreates rows in log order. Names of owners, recipients and groups are joined at read
// time, not copied; message and item ids come from the sequences of migration 006. A message row
// is only changed by an event newer than the one it last took (stream_version), so a batch
// delivered again changes nothing.

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
  'MessageReadTimeSet',
  'DiscussionReadTimeSet',
  'ReplyPosted',
  'VideoChatRoomCreated',
] as const;
type MessageProjected = ProjectedEvent<(typeof handled)[number]>;

const messagesTables = (version: number) =>
  readModelViews(
    { name: 'messages', version },
    {
      messages: { view: 'messages', suffix: 'messages' },
      items: { view: 'message_items', suffix: 'items' },
      readTimes: { view: 'message_read_times', suffix: 'read_times' },
      replies: { view: 'message_replies', suffix: 'replies' },
    },
  );
type Tables = ReturnType<typeof messagesTables>['tables'];

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
  forcePopup: 'force_popup',
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
  item.width ?? null,
  item.iframeHeight ?? null,
  item.userTagGroupId ?? null,
];

async function setMessage(tx: Queryable, t: Tables, event: MessageProjected, assignments: string, values: SqlParam[]): Promise<void> {
  await tx.query(`UPDATE ${t.messages} SET ${assignments}, stream_version = $2 WHERE id = $1 AND stream_version < $2`, [event.data.messageId, event.streamVersion, ...values]);
}

async function applyOne(tx: Queryable, t: Tables, event: MessageProjected): Promise<void> {
  switch (event.type) {
    case 'MessageDrafted': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${t.messages} (id, user_id, title, time, expire_time, recommendation, usage_report, game, recipient_can_modify,
           recipient_can_reply, reply_to_message_id, created_at, stream_version, force_popup)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
        [d.messageId, d.userId, d.title, d.time, d.expireTime, d.recommendation, d.usageReport, d.game, d.recipientCanModify, d.recipientCanReply, d.replyToMessageId, d.at, event.streamVersion, d.forcePopup ?? false],
      );
      return;
    }
    case 'MessageUpdated': {
      const changed = Object.entries(updatableColumns).filter(([field]) => event.data[field as keyof typeof updatableColumns] !== undefined);
      if (changed.length === 0) return;
      const assignments = changed.map(([, column], i) => `${column} = $${i + 3}`).join(', ');
      await setMessage(tx, t, event, assignments, changed.map(([field]) => event.data[field as keyof typeof updatableColumns] ?? null));
      return;
    }
    case 'RecipientsSet':
      await setMessage(tx, t, event, 'recipients = $3::integer[], recipient_groups = $4::integer[]', [event.data.recipients, event.data.recipientGroups]);
      return;
    case 'MessageSent':
      await setMessage(tx, t, event, 'sent = true, sent_time = $3', [event.data.at]);
      return;
    case 'MessageRestoredAsDraft':
      await setMessage(tx, t, event, 'sent = false, sent_time = NULL', []);
      return;
    case 'MessageActivitySet':
      await setMessage(tx, t, event, 'active = $3', [event.data.active]);
      return;
    case 'MessageItemAdded':
    case 'MessageItemUpdated': {
      const { messageId, item } = event.data;
      // An update keeps the order; an addition sets it.
      const order = event.type === 'MessageItemAdded' ? event.data.order : null;
      await tx.query(
        `INSERT INTO ${t.items} (id, message_id, "order", type, html, audio_file_id, recipe_id, file_id, url, content_type, track_clicks,
           width, iframe_height, user_tag_group_id, updated_at)
         VALUES ($1, $2, COALESCE($3, 0), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (id) DO UPDATE SET message_id = EXCLUDED.message_id, "order" = COALESCE($3, ${t.items}."order"), type = EXCLUDED.type,
           html = EXCLUDED.html, audio_file_id = EXCLUDED.audio_file_id, recipe_id = EXCLUDED.recipe_id, file_id = EXCLUDED.file_id,
           url = EXCLUDED.url, content_type = EXCLUDED.content_type, track_clicks = EXCLUDED.track_clicks, width = EXCLUDED.width,
           iframe_height = EXCLUDED.iframe_height, user_tag_group_id = EXCLUDED.user_tag_group_id, updated_at = EXCLUDED.updated_at`,
        [item.itemId, messageId, order, ...itemValues(item), event.data.at],
      );
      return;
    }
    case 'MessageItemRemoved':
      await tx.query(`DELETE FROM ${t.items} WHERE id = $1 AND message_id = $2`, [event.data.itemId, event.data.messageId]);
      return;
    case 'MessageItemsReordered':
      await tx.query(
        `UPDATE ${t.items} AS i SET "order" = o.ord - 1 FROM unnest($2::integer[]) WITH ORDINALITY AS o(id, ord)
         WHERE i.id = o.id AND i.message_id = $1`,
        [event.data.messageId, event.data.itemIds],
      );
      return;
    case 'MessageReadTimeSet':
    case 'DiscussionReadTimeSet': {
      // Each reader's own row; a later event of the stream wins, a batch delivered again changes nothing.
      const column = event.type === 'MessageReadTimeSet' ? 'read_time' : 'discussion_read_time';
      await tx.query(
        `INSERT INTO ${t.readTimes} (message_id, user_id, ${column}, stream_version) VALUES ($1, $2, $3, $4)
         ON CONFLICT (message_id, user_id) DO UPDATE SET ${column} = EXCLUDED.${column}, stream_version = EXCLUDED.stream_version
         WHERE ${t.readTimes}.stream_version < EXCLUDED.stream_version`,
        [event.data.messageId, event.data.userId, event.data.readTime, event.streamVersion],
      );
      return;
    }
    case 'VideoChatRoomCreated':
      await setMessage(tx, t, event, 'video_chat_room_id = $3', [event.data.roomId]);
      return;
    case 'ReplyPosted': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${t.replies} (id, message_id, user_id, text, file_id, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
        [d.replyId, d.messageId, d.userId, d.text, d.fileId, d.at],
      );
      return;
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** Version `version` of the read model, in its own tables `rm_messages_v<version>_*`. */
export function createMessagesProjector(version: number) {
  const { tables: t, views } = messagesTables(version);
  return postgresProjector({
    name: 'messages',
    version,
    handles: [...handled],
    ignores: [],
    views,
    async setup(sql) {
      await sql.exec(`
        CREATE TABLE IF NOT EXISTS ${t.messages} (
          id integer PRIMARY KEY,
          user_id integer NOT NULL,                       -- the owner: the only one who changes it
          title text NOT NULL,
          time timestamptz,                               -- active from; null: from when sent
          expire_time timestamptz,                        -- active until; null: no end
          sent boolean NOT NULL DEFAULT false,
          sent_time timestamptz,                          -- the last MessageSent; null while a draft
          active boolean NOT NULL DEFAULT true,
          recommendation boolean NOT NULL DEFAULT false,
          usage_report boolean NOT NULL DEFAULT false,
          game boolean NOT NULL DEFAULT false,
          recipient_can_modify boolean NOT NULL DEFAULT false,
          recipient_can_reply boolean NOT NULL DEFAULT false,
          reply_to_message_id integer,
          recipients integer[] NOT NULL DEFAULT '{}',     -- user ids
          recipient_groups integer[] NOT NULL DEFAULT '{}', -- user group ids
          created_at timestamptz NOT NULL,
          stream_version bigint NOT NULL,                 -- of the last event applied
          force_popup boolean NOT NULL DEFAULT false,
          video_chat_room_id text                         -- its video chat room (videoChat); null: none
        );
        -- Added with forcePopup: no event stored before it carried the field, so false is right for them.
        ALTER TABLE ${t.messages} ADD COLUMN IF NOT EXISTS force_popup boolean NOT NULL DEFAULT false;
        -- Added with video chat rooms: no room could be made before, so null is right for every row.
        ALTER TABLE ${t.messages} ADD COLUMN IF NOT EXISTS video_chat_room_id text;
        CREATE INDEX IF NOT EXISTS ${t.messages}_user_idx ON ${t.messages} (user_id);
        CREATE INDEX IF NOT EXISTS ${t.messages}_recipients_idx ON ${t.messages} USING gin (recipients);
        CREATE INDEX IF NOT EXISTS ${t.messages}_recipient_groups_idx ON ${t.messages} USING gin (recipient_groups);
        -- Spec 2 section 3 "Message item". The display fields spec 2 derives from other tables
        -- (file names, audio file names, recipe names, list names) are joined at read time.
        CREATE TABLE IF NOT EXISTS ${t.items} (
          id integer PRIMARY KEY,                    -- the item id of MessageItemAdded (clicks name it)
          message_id integer NOT NULL,
          "order" integer NOT NULL DEFAULT 0,
          type text NOT NULL,                        -- MediaFile, AudioFile, InlineHTML, InlineHTMLTrack, IFrame, FavoriteList, Recipe, Image, Link, Question
          content_type text,                         -- Game, Music, SingAlong, Exercise, Theme, Audio Book, AudioBook, Spiritual, News, Story, BodyAndMind
          custom_content_type text,
          track_clicks boolean NOT NULL DEFAULT false,
          stage_only boolean NOT NULL DEFAULT false,
          file_id integer,
          audio_file_id integer,
          recipe_id integer,
          user_tag_group_id integer,                 -- a favorite list id (event-sourced too)
          width text,                                -- 25%, 50%, 75%, 100%
          vimeo_link text,
          html text,
          url text,
          iframe_height integer,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS ${t.items}_message_idx ON ${t.items} (message_id, "order");
        -- Each reader's own read times (spec 2 section 4): of the message, and of its replies (the
        -- discussion). No row, or a null: unread.
        CREATE TABLE IF NOT EXISTS ${t.readTimes} (
          message_id integer NOT NULL,
          user_id integer NOT NULL,                  -- the reader
          read_time timestamptz,
          discussion_read_time timestamptz,
          stream_version bigint NOT NULL,            -- of the last read-time event applied
          PRIMARY KEY (message_id, user_id)
        );
        CREATE INDEX IF NOT EXISTS ${t.readTimes}_user_idx ON ${t.readTimes} (user_id);
        -- Replies (spec 2 section 3 "Reply"): names are joined at read time.
        CREATE TABLE IF NOT EXISTS ${t.replies} (
          id uuid PRIMARY KEY,
          message_id integer NOT NULL,
          user_id integer NOT NULL,                  -- who wrote it
          text text NOT NULL,
          file_id integer,
          at timestamptz NOT NULL
        );
        CREATE INDEX IF NOT EXISTS ${t.replies}_message_idx ON ${t.replies} (message_id, at);`);
    },
    async apply(tx, events) {
      // Messages are written by people: batches are small, and one statement per event keeps each
      // event's meaning in one place.
      for (const event of events) await applyOne(tx, t, event);
    },
  });
}

export const messagesProjector = createMessagesProjector(1);
