-- Removing a user (spec 3 section 7 remove-user; issue 17): the row stays, so the log, the
-- warehouse and the reports keep naming them, but they can no longer log in (active false) and
-- leave every adminOfUsers. Who removed them and when is recorded on the row; which
-- administrations the removal ended is kept in former_user_admins, so a report of a former
-- administrator can still label the user as removed and a retried removal is recognised.
ALTER TABLE users ADD COLUMN IF NOT EXISTS removed_at timestamptz;
ALTER TABLE users ADD COLUMN IF NOT EXISTS removed_by_user_id integer REFERENCES users(id);

CREATE TABLE IF NOT EXISTS former_user_admins (
  admin_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  removed_at timestamptz NOT NULL,
  PRIMARY KEY (admin_user_id, user_id)
);
