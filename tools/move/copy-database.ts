import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import { ensureCheckpointSchema } from '../../projections/engine/checkpoint-store.ts';
import { ensureWarehouseVersions } from '../../projections/warehouse/rebuild-versions.ts';

// Moves a Sointu database from the embedded default (PGlite under DATA_DIR) to a Postgres server
// (docs/operations.md, "From the embedded default to servers"). The target has been migrated by
// the same code and holds no events yet; everything is written in ONE transaction, so a failed
// move leaves the target as empty as it was.
//
// - The event log is appended in the source's log order (transaction id, position). Positions are
//   handed out anew by the target and every event gets the importing transaction's id, so the
//   target's readers see the whole log at once, after everything it already had: a source
//   transaction id copied as it was could lie ahead of the server's own and stay invisible.
// - Reference tables (users, groups, the library, residents, sessions, ...) are copied row for row,
//   parents before children (foreign keys), and every sequence continues where the source stood.
// - Read models (rm_*) are not copied: they are a function of the log. The projection registry is
//   (which version of each read model and of the warehouse serves, under which usage rules, what
//   an operator parked), with every checkpoint back at the start of the log, so the first start
//   on the server builds every read model and the warehouse from the log. A warehouse version
//   forgets which version it was seeded from: its raw tables are not in the new warehouse.

/** Not copied: the log (below), read-model tables, and what belongs to one running installation. */
const skipped = new Set(['events', 'schema_migrations', 'projection_leases']);
const isReadModelTable = (name: string) => name.startsWith('rm_');

export interface CopySummary {
  events: number;
  tables: Record<string, number>;
  sequences: number;
}

const batchRows = 1000;

export async function copyDatabase(source: Queryable, target: Sql, options: { log?: (line: string) => void } = {}): Promise<CopySummary> {
  const log = options.log ?? (() => undefined);
  const sourceTables = await baseTables(source);
  // The projection registry's tables are made by the runner, not by migrations.
  await ensureCheckpointSchema(target);
  if (sourceTables.includes('warehouse_versions')) await ensureWarehouseVersions(target);
  const targetTables = new Set(await baseTables(target));
  const tables = sourceTables.filter((t) => !skipped.has(t) && !isReadModelTable(t));
  const missing = tables.filter((t) => !targetTables.has(t));
  if (missing.length > 0) throw new Error(`the target lacks tables the source has (${missing.join(', ')}): run the same version of Sointu on both`);
  const ordered = parentsFirst(tables, await foreignKeys(source));

  return target.transaction(async (tx) => {
    const [{ n } = { n: '0' }] = await tx.query<{ n: string }>('SELECT count(*) AS n FROM events');
    if (Number(n) > 0) throw new Error(`the target already holds ${n} events: move into a fresh database only`);
    // Tables the target's migrations and set-up filled (the default usage rules, ...) give way to the source's rows.
    for (const table of [...ordered].reverse()) await tx.query(`DELETE FROM ${quote(table)}`);

    const summary: CopySummary = { events: 0, tables: {}, sequences: 0 };
    for (const table of ordered) {
      summary.tables[table] = await copyTable(source, tx, table);
      log(`${table}: ${summary.tables[table]} rows`);
    }
    summary.events = await copyEvents(source, tx);
    log(`events: ${summary.events}`);
    // Every projection builds again from the start of the log on the server.
    if (ordered.includes('projection_checkpoints')) {
      await tx.query(`UPDATE projection_checkpoints SET position_tx = 0, position_seq = 0, events_processed = 0, last_error = NULL, last_error_at = NULL,
        failing_event_id = NULL, failing_position_tx = NULL, failing_position_seq = NULL, updated_at = now()`);
    }
    if (ordered.includes('warehouse_versions')) await tx.query('UPDATE warehouse_versions SET seed_from = NULL');
    summary.sequences = await copySequences(source, tx);
    return summary;
  });
}

async function baseTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  return rows.map((r) => r.table_name);
}

async function foreignKeys(db: Queryable): Promise<{ child: string; parent: string }[]> {
  return db.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
}

/** Tables in an order where every table comes after the tables its foreign keys point to. */
export function parentsFirst(tables: readonly string[], keys: readonly { child: string; parent: string }[]): string[] {
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const key of keys) {
    const child = unquote(key.child);
    const parent = unquote(key.parent);
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const parent of parents.get(table)!) place(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

async function copyTable(source: Queryable, tx: Queryable, table: string): Promise<number> {
  let copied = 0;
  // In storage order (the source is at rest, so ctid pages are stable), which is insertion order
  // enough for a row that points at an earlier row of its own table.
  // json_populate_recordset maps columns by name and parses every type from its text form, so
  // one statement fits every table; OVERRIDING SYSTEM VALUE keeps identity ids as they were.
  for (let offset = 0; ; offset += batchRows) {
    const rows = await source.query<{ row: unknown }>(`SELECT row_to_json(t) AS row FROM ${quote(table)} t ORDER BY t.ctid LIMIT ${batchRows} OFFSET ${offset}`);
    if (rows.length === 0) return copied;
    await tx.query(`INSERT INTO ${quote(table)} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(null::${quote(table)}, $1::json)`, [JSON.stringify(rows.map((r) => r.row))]);
    copied += rows.length;
    if (rows.length < batchRows) return copied;
  }
}

async function copyEvents(source: Queryable, tx: Queryable): Promise<number> {
  let copied = 0;
  let after = { tx: '0', seq: '0' };
  for (;;) {
    const rows = await source.query<{ row: unknown; tx: string; seq: string }>(
      `SELECT json_build_object('event_id', event_id, 'stream_id', stream_id, 'stream_version', stream_version, 'type', type,
              'schema_version', schema_version, 'data', data, 'metadata', metadata, 'recorded_at', recorded_at) AS row,
              transaction_id::text AS tx, global_position::text AS seq
         FROM events WHERE (transaction_id::text::numeric, global_position) > ($1::numeric, $2::bigint)
        ORDER BY transaction_id, global_position LIMIT ${batchRows}`,
      [after.tx, after.seq],
    );
    if (rows.length === 0) return copied;
    // WITH ORDINALITY keeps the batch's order, so the target's positions follow the source's log order.
    await tx.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
       SELECT (e->>'event_id')::uuid, e->>'stream_id', (e->>'stream_version')::bigint, e->>'type', (e->>'schema_version')::int,
              e->'data', coalesce(e->'metadata', '{}'::json), (e->>'recorded_at')::timestamptz
         FROM json_array_elements($1::json) WITH ORDINALITY AS batch(e, n) ORDER BY n`,
      [JSON.stringify(rows.map((r) => r.row))],
    );
    copied += rows.length;
    const last = rows.at(-1)!;
    after = { tx: last.tx, seq: last.seq };
  }
}

async function copySequences(source: Queryable, tx: Queryable): Promise<number> {
  const sequences = await source.query<{ name: string; last_value: string | null; called: boolean }>(
    `SELECT sequencename AS name, last_value::text, last_value IS NOT NULL AS called FROM pg_sequences WHERE schemaname = 'public'`,
  );
  let set = 0;
  for (const s of sequences) {
    // The events table's identity was handed out anew by the target; the rest go on from the source.
    if (s.name.startsWith('events_') || s.name.startsWith('rm_') || !s.called) continue;
    const exists = await tx.query(`SELECT 1 FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $1`, [s.name]);
    if (exists.length === 0) continue;
    await tx.query('SELECT setval($1::regclass, $2::bigint, true)', [quote(s.name), s.last_value]);
    set++;
  }
  return set;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
