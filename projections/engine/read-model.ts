import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import { ensureCheckpointSchema, readCurrentVersions } from './checkpoint-store.ts';
import type { Projector } from './projector.ts';

// The one shape of a Postgres read model (ARCHITECTURE.md "Rebuilds"). Its projector owns its
// tables, one set per version, named `rm_<projection>_v<version>_<table>` (hyphens of the
// projection name become underscores): version 2 builds beside version 1 without touching it.
//
// Readers never name a version. Each table has a stable name, a plain view
// (`CREATE VIEW favorite_lists AS SELECT * FROM rm_favorites_v1_lists`), that points at the
// serving version; the switch repoints every view of the projection and flips
// projection_versions in ONE transaction, so a query reads the old version or the new one, never a
// mix. A plain one-table view is updatable too, so a test or a repair that writes through the
// stable name still reaches the serving table. Chosen over a resolver that asks
// projection_versions for a table name: queries stay plain SQL and need no change at all.

export interface ReadModelView {
  /** The stable name queries read. */
  readonly view: string;
  /** This version's table behind it. */
  readonly table: string;
}

/** `rm_<projection>_v<version>_<table>`: one version's table of a read model. */
export function readModelTable(projection: { name: string; version: number }, table: string): string {
  return `rm_${projection.name.replaceAll('-', '_')}_v${projection.version}_${table}`;
}

/** The views of a projection version: stable name → `rm_<projection>_v<version>_<suffix>`. */
export function readModelViews<K extends string>(projection: { name: string; version: number }, tables: Record<K, { view: string; suffix: string }>) {
  const named = Object.fromEntries(Object.entries<{ view: string; suffix: string }>(tables).map(([key, t]) => [key, readModelTable(projection, t.suffix)])) as Record<K, string>;
  const views: ReadModelView[] = Object.values<{ view: string; suffix: string }>(tables).map((t) => ({ view: t.view, table: readModelTable(projection, t.suffix) }));
  return { tables: named, views };
}

/** Points each view at its table. Drop and create rather than replace: a new version may change columns. */
export async function pointViews(tx: Queryable, views: readonly ReadModelView[]): Promise<void> {
  for (const { view, table } of views) {
    await tx.query(`DROP VIEW IF EXISTS ${view}`);
    await tx.query(`CREATE VIEW ${view} AS SELECT * FROM ${table}`);
  }
}

const VIEWS_LOCK = 7_020_005;

/**
 * Set-up of one read-model version, as the runner does it before projecting: the projector makes
 * its tables (idempotently), and the views point at them when this version serves, or when no
 * version of the name serves yet (a fresh database: the first version registered becomes current).
 * A version built beside the serving one only gets its tables; its views come with the switch.
 */
export async function setUpReadModel(sql: Sql, projector: { name: string; version: number; views: readonly ReadModelView[]; setup(sql: Sql): Promise<void> }): Promise<void> {
  await projector.setup(sql);
  await ensureCheckpointSchema(sql);
  await sql.transaction(async (tx) => {
    // Several processes may start at once: one of them points the views.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [VIEWS_LOCK]);
    const current = (await readCurrentVersions(tx)).get(projector.name);
    if (current !== undefined && current !== projector.version) return;
    const missing = await viewsNotPointingAt(tx, projector.views);
    if (missing.length > 0) await pointViews(tx, missing);
  });
}

/** The views that do not exist yet, or read another table than theirs. */
async function viewsNotPointingAt(db: Queryable, views: readonly ReadModelView[]): Promise<ReadModelView[]> {
  const rows = await db.query<{ viewname: string; definition: string }>(
    `SELECT viewname, definition FROM pg_views WHERE schemaname = current_schema() AND viewname = ANY($1::text[])`,
    [views.map((v) => v.view)],
  );
  const definitions = new Map(rows.map((r) => [r.viewname, r.definition]));
  return views.filter((v) => !new RegExp(`\\b${v.table}\\b`).test(definitions.get(v.view) ?? ''));
}

/** Drops one version's tables (never the serving one: its views depend on them, so Postgres refuses). */
export async function dropReadModelTables(db: Queryable, views: readonly ReadModelView[]): Promise<void> {
  for (const { table } of views) await db.query(`DROP TABLE IF EXISTS ${table}`);
}

/**
 * Every read model's tables and views, as the runner makes them when it starts: for a process
 * that serves queries without running the projections (tests driving the app), so a query finds
 * an empty read model rather than no table.
 */
export async function setUpReadModels(sql: Sql, projectors: readonly Projector[]): Promise<void> {
  for (const projector of projectors) if (projector.kind === 'postgres') await setUpReadModel(sql, projector);
}
