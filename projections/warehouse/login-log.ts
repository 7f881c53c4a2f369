import { hashSessionToken } from '../../infra/auth/sessions.ts';
import { toClickHouseTime, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { warehouseProjector } from '../engine/projector.ts';

// Raw logins for the usage warehouse, one row per LoggedIn event. A batch replayed after a crash
// inserts the same rows again; ReplacingMergeTree keeps one row per sorting key, and the key ends
// in the event id, so readers that use FINAL (or count DISTINCT event_id) see each login once.
// user_id leads the key because reports read one user's period at a time; an event id always has
// the same user, so duplicates still share the whole key.
//
// Analysts read this table, so it never holds a session token in clear: `session_token_hash` is
// the token's sha256 (hex), the key of the Postgres `sessions` row, still telling logins apart.

export const loginLogTable = 'login_log';

export const loginLogProjector = warehouseProjector({
  name: 'login-log',
  version: 1,
  handles: ['LoggedIn'],
  // Logins only: the usage warehouse projector takes the rest of a usage stream.
  ignores: ['PlaySampled', 'VideoActionLogged', 'UsageSessionStarted', 'UsageSessionStopped', 'MessageItemActionLogged', 'ButtonActionLogged', 'SearchLogged', 'ClientVersionReported'],

  async setup(warehouse, context) {
    await warehouse.exec(`CREATE TABLE IF NOT EXISTS ${loginLogTable} (
      event_id UUID,
      user_id UInt64,
      client_time DateTime64(3, 'UTC'),
      received_at DateTime64(3, 'UTC'),
      session_token_hash String,
      admin Bool,
      method LowCardinality(String)
    ) ENGINE = ReplacingMergeTree
    ORDER BY (user_id, event_id)`);
    await hashClearTokens(warehouse, context?.starting === true);
  },

  async apply(warehouse, events) {
    await warehouse.insert(
      loginLogTable,
      events.map((e) => ({
        event_id: e.id,
        user_id: e.data.userId,
        client_time: toClickHouseTime(e.data.clientTime),
        received_at: toClickHouseTime(e.data.receivedAt),
        session_token_hash: hashSessionToken(e.data.sessionToken),
        admin: e.data.admin,
        method: e.data.method,
      })),
    );
  },
});

const hashPattern = '^[0-9a-f]{64}$';

/**
 * Warehouses made before tokens were hashed have a `session_token` column of clear tokens: it is
 * renamed and its values replaced by their sha256, which is what the projector writes now, so
 * the table is as a rebuild would make it. Idempotent: a hash (64 hex digits) is never hashed
 * again, and a clear token never looks like one (tokens are 32 base64url characters). The rewrite
 * waits for the projector's own setup, not the one at server start, as it may take a while.
 */
async function hashClearTokens(warehouse: Warehouse, starting: boolean): Promise<void> {
  await warehouse.exec(`ALTER TABLE ${loginLogTable} RENAME COLUMN IF EXISTS session_token TO session_token_hash`);
  if (starting) return;
  const [clear] = await warehouse.query<{ n: number }>(`SELECT count() AS n FROM ${loginLogTable} WHERE NOT match(session_token_hash, {pattern:String})`, { pattern: hashPattern });
  if (!clear || Number(clear.n) === 0) return;
  // mutations_sync = 2: the statement returns when every replica has rewritten its parts.
  await warehouse.exec(
    `ALTER TABLE ${loginLogTable} UPDATE session_token_hash = lower(hex(SHA256(session_token_hash))) WHERE NOT match(session_token_hash, {pattern:String}) SETTINGS mutations_sync = 2`,
    { pattern: hashPattern },
  );
}
