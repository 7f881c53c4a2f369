import type { GlobalLog, LogPosition, RecordedEvent } from '../../infra/event-store/event-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';

// An experiment for `warehouse.bench.ts --one-column-read`, not product code: the same query as
// PostgresEventStore.readAll (same order, same xmin rule), but each row comes back as ONE json
// text column parsed by JSON.parse, instead of ten columns that PGlite's protocol reader copies and
// decodes one field at a time. If it pays off, the change belongs in readAll itself.

export function oneColumnLog(sql: Sql, log: GlobalLog): GlobalLog {
  return {
    onAppended: (listener) => log.onAppended(listener),
    backlog: (after) => log.backlog(after),
    async readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]> {
      const rows = await sql.query<{ r: string }>(
        `SELECT json_build_array(transaction_id::text::bigint, global_position, event_id, stream_id, stream_version, type,
                                 schema_version, data, metadata, recorded_at)::text AS r
           FROM events
          WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
            AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY transaction_id, global_position
          LIMIT $3`,
        [String(after.tx), after.seq, limit],
      );
      return rows.map(({ r }) => {
        const [tx, seq, id, streamId, streamVersion, type, schemaVersion, data, metadata, recordedAt] = JSON.parse(r) as [
          number, number, string, string, number, string, number, unknown, RecordedEvent['metadata'], string,
        ];
        return { type, data, id, schemaVersion, streamId, streamVersion, position: { tx, seq }, metadata, recordedAt: new Date(recordedAt) } as RecordedEvent;
      });
    },
  };
}
