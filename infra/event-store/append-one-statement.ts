import type { Sql } from '../sql/sql.ts';
import type { AppendResult } from './event-store.ts';
import type { PreparedRequest } from './prepare-events.ts';

// The path every tap takes (a favorite, a message, an evaluation): a few fresh events to one
// stream. Reserving the version and inserting the rows are ONE statement in Postgres's implicit
// transaction: one round trip instead of BEGIN, upsert, COPY and COMMIT. The
// guarantees are the transaction path's: the version check is the same statement on `streams`,
// a stored event id fails the unique index (the caller retries on the full path, which skips
// stored ids), and rows get their transaction id and position exactly as there, so the no-skip
// reading order holds.

/** Above this, COPY's bulk load beats array parameters; the full path also serves every bulk call. */
export const ONE_STATEMENT_MAX_EVENTS = 50;

const reserve = {
  any: `INSERT INTO streams AS s (stream_id, version) VALUES ($1, $2::bigint - 1)
        ON CONFLICT (stream_id) DO UPDATE SET version = s.version + $2::bigint RETURNING version`,
  new: `INSERT INTO streams (stream_id, version) VALUES ($1, $2::bigint - 1)
        ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
  at: `UPDATE streams SET version = version + $2::bigint WHERE stream_id = $1 AND version = $8::bigint RETURNING version`,
};

export const fitsOneStatement = (requests: readonly PreparedRequest[]) =>
  requests.length === 1 && requests[0]!.events.length > 0 && requests[0]!.events.length <= ONE_STATEMENT_MAX_EVENTS;

/**
 * Appends fresh events to one stream in one statement. Answers null when the stream was not at
 * the expected version: the caller then takes the full path, which tells a retry of events already
 * stored (answered with the current version) from a real conflict.
 */
export async function appendInOneStatement(sql: Sql, request: PreparedRequest): Promise<AppendResult | null> {
  const { stream, expected, events } = request;
  const reserving = expected === 'any' ? reserve.any : expected === 'no_stream' || expected === -1 ? reserve.new : reserve.at;
  const rows = await sql.query<{ version: string | number }>(
    `WITH reserved AS (${reserving}),
     inserted AS (
       INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       SELECT e.id, $1, r.version - $2::bigint + e.ord, e.type, e.schema_version, e.data, e.metadata
         FROM reserved r,
              unnest($3::uuid[], $4::text[], $5::int[], $6::json[], $7::json[])
                WITH ORDINALITY AS e(id, type, schema_version, data, metadata, ord)
        ORDER BY e.ord
       RETURNING 1
     )
     SELECT r.version, (SELECT count(*) FROM inserted) AS inserted FROM reserved r`,
    [
      stream,
      events.length,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.schemaVersion),
      events.map((e) => e.data),
      events.map((e) => e.metadata),
      // Only the expected-version check has an eighth parameter: Postgres refuses one it cannot type.
      ...(reserving === reserve.at ? [expected] : []),
    ],
    // The statement every tap takes, planned once per connection (three texts, three names).
    { prepareAs: `append-one-${expected === 'any' ? 'any' : reserving === reserve.new ? 'new' : 'at'}` },
  );
  const row = rows[0];
  return row ? { nextExpectedVersion: Number(row.version), appended: events.length } : null;
}
