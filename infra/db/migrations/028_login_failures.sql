-- Failed logins and lockouts (server/http/login-limits.ts), kept in Postgres rather than in each
-- process's memory, so several app instances behind one load balancer share one count per
-- account and per address, and a restart does not hand a guesser a fresh set of tries (issue 20).
-- Times are the app clock in epoch milliseconds, as the limits compute with them.
CREATE TABLE IF NOT EXISTS login_failures (
  key text PRIMARY KEY,
  failures int NOT NULL,
  window_start bigint NOT NULL,
  locked_until bigint NOT NULL DEFAULT 0,
  level int NOT NULL DEFAULT 0
);
-- Quiet keys are forgotten by age: the cleanup reads this.
CREATE INDEX IF NOT EXISTS login_failures_last_idx ON login_failures ((greatest(window_start, locked_until)));
