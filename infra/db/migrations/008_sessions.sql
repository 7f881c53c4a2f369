-- Server-side sessions (DOMAIN.md section 4: logout and a password change end a session
-- everywhere). The signed cookie and the bearer JWT only name a session; this row decides whether
-- it is still alive. The key is the sha256 (hex) of the session token, never the token itself, so
-- reading this table does not give anyone a usable session. Cookies issued before this table
-- existed name no row and are refused: their users log in again.
CREATE TABLE IF NOT EXISTS sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('password', 'token', 'public-report')),
  created_at timestamptz NOT NULL,
  -- Moved forward at most every few minutes (infra/auth/sessions.ts), not on every request.
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('logout', 'user-deactivated', 'password-changed', 'expired'))
);

-- Ending all sessions of a user (deactivation, password change) finds the open ones by user.
CREATE INDEX IF NOT EXISTS sessions_open_by_user ON sessions (user_id) WHERE ended_at IS NULL;
