-- Messages read model (projections/postgres/messages.ts), projected from the `message-{id}` streams
-- like message_items (migration 005): no foreign keys, so it can be dropped and rebuilt from the
-- log. Names of owners, recipients and groups are joined at read time, not copied.

-- Ids handed out by POST /api/messages and POST /api/message-items. They start at 1000: the demo
-- seed writes its message 1 with items 101-103, which the workload generator's clicks name.
CREATE SEQUENCE IF NOT EXISTS message_ids START WITH 1000;
CREATE SEQUENCE IF NOT EXISTS message_item_ids START WITH 1000;

CREATE TABLE IF NOT EXISTS messages (
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
  stream_version bigint NOT NULL                  -- of the last event applied
);
CREATE INDEX IF NOT EXISTS messages_user_idx ON messages (user_id);
CREATE INDEX IF NOT EXISTS messages_recipients_idx ON messages USING gin (recipients);
CREATE INDEX IF NOT EXISTS messages_recipient_groups_idx ON messages USING gin (recipient_groups);
