import type { Warehouse } from '../infra/clickhouse/clickhouse.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { Sql } from '../infra/sql/sql.ts';
import type { RebuildRunsOptions } from './engine/rebuild-runs.ts';
import type { ProjectionStatus } from './engine/runner.ts';
import { createReadModelRebuilds, type ReadModelRebuilds } from './postgres/rebuild.ts';
import { readModels } from './projectors.ts';
import { rebuildsOf, stopRebuildsOf } from './warehouse/rebuild.ts';

// The rebuilds of one server, whatever the projection writes: the usage warehouse's (under usage
// rules, projections/warehouse/rebuild.ts) and the Postgres read models' (projections/postgres/
// rebuild.ts). Both run their new versions through the same runs (engine/rebuild-runs.ts); the
// operating routes (server/operations/) reach them here. One manager of each per server: their
// runners and rate samples live in memory.

interface Deps {
  sql: Sql;
  store: EventStore;
  warehouse?: Warehouse;
  now: () => Date;
  /** Several instances on one Postgres: rebuild runners take their version's lease too. */
  projectionLeases?: RebuildRunsOptions['leases'];
}

const perDeps = new WeakMap<object, ReadModelRebuilds>();

export function readModelRebuildsOf(deps: Deps): ReadModelRebuilds {
  let rebuilds = perDeps.get(deps);
  if (!rebuilds) {
    rebuilds = createReadModelRebuilds({ sql: deps.sql, log: deps.store, readModels, leases: deps.projectionLeases });
    perDeps.set(deps, rebuilds);
  }
  return rebuilds;
}

/** Lets a test hand the routes a manager built with its own options (small batches). */
export function useReadModelRebuilds(deps: object, rebuilds: ReadModelRebuilds): void {
  perDeps.set(deps, rebuilds);
}

/** Status of every rebuild runner of the server, so GET /api/admin/projections shows a rebuild while it builds. */
export async function rebuildRunnerStatuses(deps: Deps): Promise<ProjectionStatus[]> {
  const [warehouse, read] = await Promise.all([deps.warehouse ? rebuildsOf(deps).runnerStatuses() : [], readModelRebuildsOf(deps).runnerStatuses()]);
  return [...warehouse, ...read];
}

/** Ends the backoff of a failing projector in whichever rebuild runner runs it. */
export function retryRebuildNow(deps: Deps, name: string, version: number): boolean {
  const warehouse = deps.warehouse ? rebuildsOf(deps).retryNow(name, version) : false;
  const read = readModelRebuildsOf(deps).retryNow(name, version);
  return warehouse || read;
}

/** Stops the rebuild runners of a server at shutdown, if it ever started one. */
export async function stopAllRebuildsOf(deps: object): Promise<void> {
  await stopRebuildsOf(deps);
  await perDeps.get(deps)?.stop();
}
