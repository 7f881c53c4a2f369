-- Residents and activities of a care unit (spec 3 section 3): named in usage sessions, managed by
-- units with canCreateResidents / canCreateActivities. Reference data, audited in `logging`.

CREATE TABLE IF NOT EXISTS residents (
  id serial PRIMARY KEY,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  identification text,                       -- e.g. a room number; shown to tell namesakes apart
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_tag_group_id integer,                 -- a favorite list id from the favorites read model (event-sourced, so no foreign key)
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS residents_user_idx ON residents (user_id);

CREATE TABLE IF NOT EXISTS activities (
  id serial PRIMARY KEY,
  name text NOT NULL DEFAULT '',
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS activities_user_idx ON activities (user_id);

-- Spec 3 "User (full definition)": publicReportUserId, the unit whose public report a public-report
-- login shows. Added here rather than in 001 so that file stays untouched.
ALTER TABLE users ADD COLUMN IF NOT EXISTS public_report_user_id integer REFERENCES users(id);
