-- Service operators (DOMAIN.md section 4): the whole warehouse's SQL, usage rules, rebuilds and
-- projection repair. Administering units (user_admins) never implies it.
ALTER TABLE users ADD COLUMN IF NOT EXISTS operator boolean NOT NULL DEFAULT false;
