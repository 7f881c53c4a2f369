-- App tasks (spec 3 section 3 "app-tasks": id, time, task): background work an operator or a
-- timer asks for, run by the job runner (infra/jobs/, pg-boss on this same database). This table
-- is what operators see (GET /api/admin/app-tasks): what was asked, by whom, and how far it got.
-- pg-boss keeps its own queue tables (schema pgboss) for claiming work; a job names its row here.
CREATE TABLE IF NOT EXISTS app_tasks (
  id serial PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL,
  task jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress real NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  result jsonb,
  error text,
  created_by_user_id integer REFERENCES users(id),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS app_tasks_time_idx ON app_tasks (time DESC, id DESC);
