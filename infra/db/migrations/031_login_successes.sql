-- Where each account name has logged in with its right password (server/http/login-limits.ts):
-- an address an account knows is not shut by failures that others caused, neither by the address's
-- lockout (a care home's units behind one shared address) nor by the account's lockout of
-- unfamiliar addresses (someone guessing the unit's password from elsewhere). Times are the app
-- clock in epoch milliseconds; rows older than the familiarity period are deleted as new ones come.
CREATE TABLE IF NOT EXISTS login_successes (
  account text NOT NULL,
  address text NOT NULL,
  last_at bigint NOT NULL,
  PRIMARY KEY (account, address)
);
CREATE INDEX IF NOT EXISTS login_successes_last_idx ON login_successes (last_at);
