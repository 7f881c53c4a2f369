import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import { warehouseProjector } from '../engine/projector.ts';

// Raw logins for the usage warehouse, one row per LoggedIn event. A batch replayed after a crash
// inserts the same rows again; ReplacingMergeTree keeps one row per sorting key, and the key ends
// in the event id, so readers that use FINAL (or count DISTINCT event_id) see each login once.
// user_id leads the key because reports read one user's period at a time; an event id always has
// the same user, so duplicates still share the whole key.

export const loginLogTable = 'login_log';

export const loginLogProjector = warehouseProjector({
  name: 'login-log',
  version: 1,
  handles: ['LoggedIn'],

  async setup(warehouse) {
    await warehouse.exec(`CREATE TABLE IF NOT EXISTS ${loginLogTable} (
      event_id UUID,
      user_id UInt64,
      client_time DateTime64(3, 'UTC'),
      received_at DateTime64(3, 'UTC'),
      session_token String,
      admin Bool,
      method LowCardinality(String)
    ) ENGINE = ReplacingMergeTree
    ORDER BY (user_id, event_id)`);
  },

  async apply(warehouse, events) {
    await warehouse.insert(
      loginLogTable,
      events.map((e) => ({
        event_id: e.id,
        user_id: e.data.userId,
        client_time: toClickHouseTime(e.data.clientTime),
        received_at: toClickHouseTime(e.data.receivedAt),
        session_token: e.data.sessionToken,
        admin: e.data.admin,
        method: e.data.method,
      })),
    );
  },
});
