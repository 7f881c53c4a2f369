import type { Sql } from '../sql/sql.ts';

// `transaction_id` is what makes the global log safe to follow: readers only take transactions
// older than the oldest one still running, so an event committed late with a low
// `global_position` is never skipped (identity values are handed out before commit, not at it).
// The key is (transaction_id, global_position), the order readers follow; `global_position`
// alone needs no index of its own (an identity is unique by construction), and every index
// left out is one less b-tree to update per event.
// Stream ids are ASCII names compared for equality and a stable lock order: byte order ("C")
// keeps their index cheaper than a locale's collation on servers created with one.
// `data` and `metadata` are json, not jsonb: Postgres still checks that they are JSON, but keeps
// the text as sent (already validated by zod and written by JSON.stringify) instead of parsing it
// into jsonb's binary form (about 30% of the server's cost per event); nothing queries inside them.
// Tables made before these choices (jsonb, a primary key on global_position) work unchanged.
const statements = [
  `CREATE TABLE IF NOT EXISTS events (
    global_position bigint GENERATED ALWAYS AS IDENTITY,
    transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
    event_id uuid NOT NULL UNIQUE,
    stream_id text COLLATE "C" NOT NULL,
    stream_version bigint NOT NULL,
    type text NOT NULL,
    schema_version int NOT NULL,
    data json NOT NULL,
    metadata json NOT NULL DEFAULT '{}',
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT events_transaction_position PRIMARY KEY (transaction_id, global_position),
    UNIQUE (stream_id, stream_version)
  )`,
  'CREATE TABLE IF NOT EXISTS streams (stream_id text COLLATE "C" PRIMARY KEY, version bigint NOT NULL)',
];

// Several processes may start at once against one server; CREATE ... IF NOT EXISTS alone can
// still collide on the catalog, so set-up is serialised by an advisory lock.
const SETUP_LOCK = 7_020_001;

export async function ensureEventStoreSchema(sql: Sql): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    for (const statement of statements) await tx.query(statement);
  });
}
