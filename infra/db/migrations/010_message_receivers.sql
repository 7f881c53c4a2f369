-- Whom a user may send messages to (spec 2 and spec 3 section 3: the session user carries
-- messageReceivers, messageReceiverGroups and defaultMessageRecipients). Without a row here a
-- recipient is refused, so a user cannot address any id in any organisation.
CREATE TABLE IF NOT EXISTS message_receivers (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  receiver_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, receiver_user_id)
);
CREATE TABLE IF NOT EXISTS message_receiver_groups (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, user_group_id)
);
-- Spec 3 admin data 'default-message-recipients': srcUserId, dstUserId, recipientName, active. A new
-- conversation starts addressed to these (spec 2); an active one may also be sent to.
CREATE TABLE IF NOT EXISTS default_message_recipients (
  id serial PRIMARY KEY,
  src_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  dst_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recipient_name text,
  active boolean NOT NULL DEFAULT true,
  UNIQUE (src_user_id, dst_user_id)
);
CREATE INDEX IF NOT EXISTS message_receivers_receiver_idx ON message_receivers (receiver_user_id);
