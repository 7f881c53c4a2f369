-- Reference data that is edited, not experienced (DOMAIN.md section 1): ordinary tables whose every
-- change is written to the audit table `logging`.

CREATE TABLE IF NOT EXISTS user_groups (
  id serial PRIMARY KEY,
  name text NOT NULL,
  messages_name text,
  description text,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE IF NOT EXISTS users (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,                 -- the login user name
  password_hash text,
  organization text,
  client_name text,
  first_name text,
  last_name text,
  email text,
  language text NOT NULL DEFAULT 'fin',
  config jsonb NOT NULL DEFAULT '{}'::jsonb, -- only flags that differ from the defaults in schemas/api/user.ts
  ui_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  resident_id integer,
  active_user_tag_group_id integer,
  contract_start_date date,
  contract_end_date date,
  info_file_id integer,
  footer_file_id integer,
  inserted_by_user_id integer REFERENCES users(id),
  user_group_id integer REFERENCES user_groups(id),
  last_session_token text,
  login_token text UNIQUE,
  login_token_expires timestamptz,
  public_report_token_code text UNIQUE,
  force_reload boolean NOT NULL DEFAULT false,
  ui_state jsonb,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- adminOfUsers: who administers whom.
CREATE TABLE IF NOT EXISTS user_admins (
  admin_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (admin_user_id, user_id)
);

CREATE TABLE IF NOT EXISTS settings (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Audit of reference-data changes (spec 3: id, time, table, action, userId, oldData, newData, query).
CREATE TABLE IF NOT EXISTS logging (
  id bigserial PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  "table" text NOT NULL,
  action text NOT NULL CHECK (action IN ('INSERT', 'UPDATE', 'DELETE')),
  user_id integer,
  old_data jsonb,
  new_data jsonb,
  query text
);
