-- The back office's admin data definitions (spec 3 section 3; issue 18) that had no table yet:
-- reference data edited by operators or units, every change audited in `logging` through the generic
-- data pattern (domain/reference-data/entity-registry.ts). Event-sourced things (messages, favorites,
-- evaluations) keep their read models; nothing here copies them.

-- contacts: someone a unit or a group can reach (spec 3 "contacts"). users and userGroups are the
-- units and groups the contact is shown to; kept as id arrays, checked against their tables on write.
CREATE TABLE IF NOT EXISTS contacts (
  id serial PRIMARY KEY,
  name text NOT NULL,
  title text,
  organization text,
  address text,
  email text,
  phone text,
  active boolean NOT NULL DEFAULT true,
  user_ids integer[] NOT NULL DEFAULT '{}',
  user_group_ids integer[] NOT NULL DEFAULT '{}'
);

-- UserGroupCategory: which categories a group sees, and whether they count towards the usage
-- report (trackUsage) or its targets (targetable); null mode: shown only.
CREATE TABLE IF NOT EXISTS user_group_categories (
  id serial PRIMARY KEY,
  user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  mode text CHECK (mode IN ('trackUsage', 'targetable')),
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT user_group_categories_once UNIQUE (user_group_id, category_id)
);
CREATE INDEX IF NOT EXISTS user_group_categories_category_idx ON user_group_categories (category_id);

-- UserGroupItem: a user's membership of a group, with its mode (spec 3 section 6).
CREATE TABLE IF NOT EXISTS user_group_items (
  id serial PRIMARY KEY,
  user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mode text NOT NULL DEFAULT 'ReadOnly' CHECK (mode IN ('ReadOnly', 'ReadWrite', 'Admin', 'MessageSender', 'MessageSenderToGroup', 'GroupMessageReceiver', 'GroupMessageSender')),
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT user_group_items_once UNIQUE (user_group_id, user_id)
);
CREATE INDEX IF NOT EXISTS user_group_items_user_idx ON user_group_items (user_id);

-- events (spec 3 "events"): a dated note on a unit's calendar. Named unit_events because the event
-- store's log is `events`.
CREATE TABLE IF NOT EXISTS unit_events (
  id serial PRIMARY KEY,
  time timestamptz NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_group_id integer REFERENCES user_groups(id) ON DELETE SET NULL,
  comment text,
  active boolean NOT NULL DEFAULT true,
  created_by_user_id integer REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS unit_events_user_time_idx ON unit_events (user_id, time);

-- UserGroup's fields beyond migration 001 (spec 3 "UserGroup").
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS address_street text;
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS address_city text;
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS address_postal_code text;
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS address_country text;
-- No foreign key to files: files already point at users (files.user_id) and users at user_groups,
-- so one would close a cycle that no copy order can satisfy (npm run move-to-server copies parents
-- first). The back office checks that the file exists before it writes the id.
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS info_file_id integer;
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS footer_file_id integer;
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS daily_report boolean NOT NULL DEFAULT false;

-- The audit log is read by table and time (POST /api/get/logging with filters).
CREATE INDEX IF NOT EXISTS logging_table_time_idx ON logging ("table", time);
