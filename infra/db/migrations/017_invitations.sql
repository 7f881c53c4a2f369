-- Invitations, login links and password resets (issue 17). Secrets are kept hashed at rest: the
-- mail carries the token or code, the row only its sha256 (hex), so reading the table opens no
-- account. A login link (users.login_token) lives 7 days; a reset code 1 hour (infra/auth/one-time-codes.ts).
UPDATE users SET login_token = encode(sha256(convert_to(login_token, 'UTF8')), 'hex') WHERE login_token IS NOT NULL;
ALTER TABLE users ADD COLUMN IF NOT EXISTS password_reset_code_hash text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS password_reset_expires timestamptz;
-- Invitations and reset requests find a user by e-mail address, case-insensitively.
CREATE INDEX IF NOT EXISTS users_email_lower_idx ON users (lower(email));
