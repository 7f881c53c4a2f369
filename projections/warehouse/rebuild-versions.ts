import type { Sql, Queryable } from '../../infra/sql/sql.ts';
import { defaultUsageRules, UsageRules } from '../../schemas/events/usage-rules.ts';
import { ensureCheckpointSchema, readCurrentVersions, registerProjection } from '../engine/checkpoint-store.ts';
import { warehouseProjector, type Projector } from '../engine/projector.ts';
import { createUsageWarehouseProjector, usageWarehouseName, type UsageWarehouseOptions } from './usage-warehouse-projector.ts';

// Which usage-warehouse versions exist and under which rules, so a restarted process builds the
// very projectors it ran before (the serving version and any rebuild in progress). A dropped
// version keeps its row (dropped_at) so its number is never handed out again.

export interface WarehouseVersion {
  version: number;
  rules: UsageRules;
  /** The version whose raw tables this one starts from; null: from position 0 of the log. */
  seedFrom: number | null;
  createdAt: Date;
  droppedAt: Date | null;
}

interface VersionRow { version: number; rules: unknown; seed_from: number | null; created_at: Date; dropped_at: Date | null }

export async function ensureWarehouseVersions(sql: Sql): Promise<void> {
  await ensureCheckpointSchema(sql);
  await sql.query(`CREATE TABLE IF NOT EXISTS warehouse_versions (
    version int PRIMARY KEY,
    rules jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    dropped_at timestamptz
  )`);
  await sql.query('ALTER TABLE warehouse_versions ADD COLUMN IF NOT EXISTS seed_from int');
  // Before any rebuild there is one version, the serving one (1 on a fresh database), under the defaults.
  const current = (await readCurrentVersions(sql)).get(usageWarehouseName) ?? 1;
  // Registered before any rebuild runner registers its version: the first registered becomes current.
  await registerProjection(sql, usageWarehouseName, current);
  await sql.query('INSERT INTO warehouse_versions (version, rules) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM warehouse_versions)', [
    current,
    JSON.stringify(defaultUsageRules),
  ]);
}

export async function readWarehouseVersions(db: Queryable): Promise<WarehouseVersion[]> {
  const rows = await db.query<VersionRow>('SELECT version, rules, seed_from, created_at, dropped_at FROM warehouse_versions ORDER BY version');
  return rows.map((r) => ({
    version: Number(r.version),
    rules: UsageRules.parse(typeof r.rules === 'string' ? JSON.parse(r.rules) : r.rules),
    seedFrom: r.seed_from === null ? null : Number(r.seed_from),
    createdAt: new Date(r.created_at),
    droppedAt: r.dropped_at ? new Date(r.dropped_at) : null,
  }));
}

export async function insertWarehouseVersion(db: Queryable, version: number, rules: UsageRules, seedFrom: number | null): Promise<void> {
  await db.query('INSERT INTO warehouse_versions (version, rules, seed_from) VALUES ($1, $2, $3)', [version, JSON.stringify(rules), seedFrom]);
}

export async function markWarehouseVersionDropped(db: Queryable, version: number): Promise<void> {
  await db.query('UPDATE warehouse_versions SET dropped_at = now() WHERE version = $1 AND dropped_at IS NULL', [version]);
}

async function isDropped(db: Queryable, version: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM warehouse_versions WHERE version = $1 AND dropped_at IS NOT NULL', [version]);
  return rows.length > 0;
}

/**
 * A version's projector that goes quiet once its tables are dropped: a runner started before the
 * drop keeps feeding it, and without this its next batch (or its retry's setup) would fail or
 * recreate empty tables.
 */
export function retirableUsageWarehouseProjector(options: UsageWarehouseOptions) {
  const inner = createUsageWarehouseProjector(options);
  return warehouseProjector({
    name: inner.name,
    version: inner.version,
    handles: inner.handles,
    ignores: inner.ignores,
    async setup(warehouse, context) {
      if (context && (await isDropped(context.sql, options.version))) return;
      await inner.setup(warehouse, context);
    },
    async apply(warehouse, events, context) {
      if (context && (await isDropped(context.sql, options.version))) return;
      return inner.apply(warehouse, events, context);
    },
  });
}

/**
 * `projectors` with the usage warehouse replaced by one projector per live version, each under
 * its own rules. Start-up (server/main.ts) runs these, so a rebuild survives a restart.
 */
export async function withUsageWarehouseVersions(
  sql: Sql,
  projectors: readonly Projector[],
  options: Omit<UsageWarehouseOptions, 'version' | 'rules'> = {},
): Promise<Projector[]> {
  await ensureWarehouseVersions(sql);
  const live = (await readWarehouseVersions(sql)).filter((v) => v.droppedAt === null);
  return [
    ...projectors.filter((p) => p.name !== usageWarehouseName),
    ...live.map((v) => retirableUsageWarehouseProjector({ ...options, version: v.version, rules: v.rules, seedFrom: v.seedFrom ?? undefined })),
  ];
}
