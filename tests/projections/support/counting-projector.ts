import { postgresProjector } from '../../../projections/engine/projector.ts';

// A test-only read model that makes a doubled or lost effect visible: every handled event adds
// one row keyed by its id (a second application breaks the primary key) and one to a counter
// (so even a double that slipped past the key would show in the total).

export interface CountingOptions {
  name?: string;
  version?: number;
  handles?: readonly ('LoggedIn' | 'PlaySampled')[];
  /** Called after the batch's rows are written, inside the transaction; throw to fail the batch. */
  afterWrite?: (events: number) => void;
}

export function countingProjector(options: CountingOptions = {}) {
  return postgresProjector({
    name: options.name ?? 'counting',
    version: options.version ?? 1,
    handles: options.handles ?? ['LoggedIn', 'PlaySampled'],
    // A test stand-in: no stable names for queries to read.
    views: [],
    async setup(sql) {
      await sql.exec(`
        CREATE TABLE IF NOT EXISTS counted_events (event_id uuid PRIMARY KEY, tx bigint NOT NULL, seq bigint NOT NULL);
        CREATE TABLE IF NOT EXISTS counted_total (id int PRIMARY KEY, n bigint NOT NULL);
        INSERT INTO counted_total VALUES (1, 0) ON CONFLICT DO NOTHING;`);
    },
    async apply(tx, events) {
      await tx.query('INSERT INTO counted_events SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[])', [
        events.map((e) => e.id),
        events.map((e) => e.position.tx),
        events.map((e) => e.position.seq),
      ]);
      await tx.query('UPDATE counted_total SET n = n + $1 WHERE id = 1', [events.length]);
      options.afterWrite?.(events.length);
    },
  });
}
