import { LOG_START, type LogPosition } from '../../infra/event-store/event-store.ts';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';

// Checkpoints live in Postgres beside the event log, one row per (name, version): a rebuild
// writes its own row from position 0 while the current version keeps its own.
// `projection_versions` says which version of a name serves queries; a rebuild flips it.

export interface Checkpoint {
  name: string;
  version: number;
  position: LogPosition;
  eventsProcessed: number;
  updatedAt: Date;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** The one event the projector fails on, once the runner has narrowed a failing batch down to it. */
  failingEvent: FailingEvent | null;
}

export interface FailingEvent {
  id: string;
  position: LogPosition;
}

interface CheckpointRow {
  name: string;
  version: number;
  position_tx: number;
  position_seq: number;
  events_processed: number;
  updated_at: Date;
  last_error: string | null;
  last_error_at: Date | null;
  failing_event_id: string | null;
  failing_position_tx: number | null;
  failing_position_seq: number | null;
}

const SETUP_LOCK = 7_020_004;

export async function ensureCheckpointSchema(sql: Sql): Promise<void> {
  await sql.transaction(async (tx) => {
    // Several processes may start at once; the advisory lock keeps CREATE IF NOT EXISTS from colliding.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name text NOT NULL,
      version int NOT NULL,
      position_tx bigint NOT NULL DEFAULT 0,
      position_seq bigint NOT NULL DEFAULT 0,
      events_processed bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      last_error_at timestamptz,
      PRIMARY KEY (name, version)
    )`);
    await tx.query(`CREATE TABLE IF NOT EXISTS projection_versions (
      name text PRIMARY KEY,
      current_version int NOT NULL,
      switched_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Added by issue 12 (no single event stops a projection): where a projector is stuck, and what
    // operators parked for one (name, version): the runner skips exactly those, in live projection and
    // in rebuilds of that version; a new version projects them again. Made here with the other
    // projection tables, so the CLI and tests that run projections without migrations have it too.
    await tx.query(`ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS failing_event_id uuid,
      ADD COLUMN IF NOT EXISTS failing_position_tx bigint, ADD COLUMN IF NOT EXISTS failing_position_seq bigint`);
    // A read-model version an operator dropped (issue 13): its tables are gone, and a runner still
    // feeding it (the server's, started before the drop) leaves it alone. The row stays, so the
    // version number is never handed out again.
    await tx.query('ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS dropped_at timestamptz');
    await tx.query(`CREATE TABLE IF NOT EXISTS parked_events (
      projection_name text NOT NULL,
      projection_version int NOT NULL,
      event_id uuid NOT NULL,
      position_tx bigint NOT NULL,
      position_seq bigint NOT NULL,
      event_type text NOT NULL,
      error text NOT NULL,
      parked_by int NOT NULL,
      parked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (projection_name, projection_version, event_id)
    )`);
  });
}

/** Makes sure the checkpoint row exists; the first version ever registered for a name becomes current. */
export async function registerProjection(sql: Sql, name: string, version: number): Promise<void> {
  await sql.query('INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT DO NOTHING', [name, version]);
  await sql.query('INSERT INTO projection_versions (name, current_version) VALUES ($1, $2) ON CONFLICT DO NOTHING', [name, version]);
}

export async function readCheckpoint(db: Queryable, name: string, version: number): Promise<Checkpoint> {
  const [row] = await db.query<CheckpointRow>('SELECT * FROM projection_checkpoints WHERE name = $1 AND version = $2', [name, version]);
  if (!row) return { name, version, position: LOG_START, eventsProcessed: 0, updatedAt: new Date(0), lastError: null, lastErrorAt: null, failingEvent: null };
  return toCheckpoint(row);
}

export async function readCheckpoints(db: Queryable): Promise<Checkpoint[]> {
  const rows = await db.query<CheckpointRow>('SELECT * FROM projection_checkpoints ORDER BY name, version');
  return rows.map(toCheckpoint);
}

/**
 * Moves a checkpoint from `from` to `to`. The update only matches while the row still holds
 * `from`, so a second runner that processed the same batch cannot move it twice: it gets an
 * error and (for Postgres projectors) its whole transaction, effects included, rolls back.
 */
export async function advanceCheckpoint(db: Queryable, name: string, version: number, from: LogPosition, to: LogPosition, events: number): Promise<void> {
  const rows = await db.query(
    `UPDATE projection_checkpoints
        SET position_tx = $3, position_seq = $4, events_processed = events_processed + $5,
            updated_at = now(), last_error = NULL, last_error_at = NULL,
            failing_event_id = NULL, failing_position_tx = NULL, failing_position_seq = NULL
      WHERE name = $1 AND version = $2 AND position_tx = $6 AND position_seq = $7
      RETURNING name`,
    [name, version, to.tx, to.seq, events, from.tx, from.seq],
  );
  if (rows.length !== 1) throw new Error(`checkpoint of ${name} v${version} moved under us (expected ${from.tx}/${from.seq})`);
}

/** Records why the projector fails and, once known, the one event it fails on (else keeps what was found before). */
export async function recordCheckpointError(db: Queryable, name: string, version: number, error: unknown, failing?: FailingEvent): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db.query(
    `UPDATE projection_checkpoints SET last_error = $3, last_error_at = now(),
        failing_event_id = COALESCE($4::uuid, failing_event_id),
        failing_position_tx = COALESCE($5::bigint, failing_position_tx), failing_position_seq = COALESCE($6::bigint, failing_position_seq)
      WHERE name = $1 AND version = $2`,
    [name, version, message.slice(0, 2000), failing?.id ?? null, failing?.position.tx ?? null, failing?.position.seq ?? null],
  );
}

export async function clearCheckpointError(db: Queryable, name: string, version: number): Promise<void> {
  await db.query(
    `UPDATE projection_checkpoints SET last_error = NULL, last_error_at = NULL,
        failing_event_id = NULL, failing_position_tx = NULL, failing_position_seq = NULL
      WHERE name = $1 AND version = $2`,
    [name, version],
  );
}

/** The events an operator parked for this version: the runner skips exactly these. */
export async function readParkedEventIds(db: Queryable, name: string, version: number): Promise<Set<string>> {
  const rows = await db.query<{ event_id: string }>('SELECT event_id FROM parked_events WHERE projection_name = $1 AND projection_version = $2', [name, version]);
  return new Set(rows.map((r) => r.event_id));
}

/** Marks a version dropped (see ensureCheckpointSchema); answers whether it was live. */
export async function markVersionDropped(db: Queryable, name: string, version: number): Promise<boolean> {
  const rows = await db.query('UPDATE projection_checkpoints SET dropped_at = now() WHERE name = $1 AND version = $2 AND dropped_at IS NULL RETURNING name', [name, version]);
  return rows.length > 0;
}

export async function isVersionDropped(db: Queryable, name: string, version: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 AND version = $2 AND dropped_at IS NOT NULL', [name, version]);
  return rows.length > 0;
}

/** `name@version` of every dropped version; none before any projection ran here. */
export async function readDroppedVersions(db: Queryable): Promise<Set<string>> {
  try {
    const rows = await db.query<{ name: string; version: number }>('SELECT name, version FROM projection_checkpoints WHERE dropped_at IS NOT NULL');
    return new Set(rows.map((r) => `${r.name}@${r.version}`));
  } catch (error) {
    // 42P01/42703: the checkpoint table (or its dropped_at) is made by the first runner that starts.
    if (['42P01', '42703'].includes((error as { code?: string }).code ?? '')) return new Set();
    throw error;
  }
}

/** The versions of a name that were registered and not dropped, lowest first. */
export async function readLiveVersions(db: Queryable, name: string): Promise<number[]> {
  const rows = await db.query<{ version: number }>('SELECT version FROM projection_checkpoints WHERE name = $1 AND dropped_at IS NULL ORDER BY version', [name]);
  return rows.map((r) => Number(r.version));
}

/** Every version ever registered for a name, dropped ones included: the next rebuild takes a higher number. */
export async function readHighestVersion(db: Queryable, name: string): Promise<number | null> {
  const [row] = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM projection_checkpoints WHERE name = $1', [name]);
  return row?.version === null || row?.version === undefined ? null : Number(row.version);
}

/**
 * The one-step switch of a rebuild, for any projection: `serve` (a read model repoints its views)
 * and the flip of projection_versions commit together, so no query sees one without the other.
 */
export async function switchProjection(sql: Sql, name: string, version: number, serve?: (tx: Queryable) => Promise<void>): Promise<void> {
  await sql.transaction(async (tx) => {
    await serve?.(tx);
    await setCurrentVersion(tx, name, version);
  });
}

/** Parked events per `name@version`. */
export async function countParkedEvents(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ name: string; version: number; n: number | string }>(
    'SELECT projection_name AS name, projection_version AS version, count(*) AS n FROM parked_events GROUP BY 1, 2',
  );
  return new Map(rows.map((r) => [`${r.name}@${r.version}`, Number(r.n)]));
}

export async function readCurrentVersions(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ name: string; current_version: number }>('SELECT name, current_version FROM projection_versions');
  return new Map(rows.map((r) => [r.name, r.current_version]));
}

/** The one-step switch of a rebuild: queries read `name` from `version` from now on. */
export async function setCurrentVersion(db: Queryable, name: string, version: number): Promise<void> {
  await db.query(
    `INSERT INTO projection_versions (name, current_version) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET current_version = EXCLUDED.current_version, switched_at = now()`,
    [name, version],
  );
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    version: row.version,
    position: { tx: Number(row.position_tx), seq: Number(row.position_seq) },
    eventsProcessed: Number(row.events_processed),
    updatedAt: new Date(row.updated_at),
    lastError: row.last_error,
    lastErrorAt: row.last_error_at ? new Date(row.last_error_at) : null,
    failingEvent: row.failing_event_id
      ? { id: row.failing_event_id, position: { tx: Number(row.failing_position_tx), seq: Number(row.failing_position_seq) } }
      : null,
  };
}
