import { changeUsageRulesDecider } from '../../domain/usage-rules/usage-rules.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { conflict, invalidRequest, notFound } from '../../infra/errors.ts';
import { handleCommand } from '../../infra/event-store/decider.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import type { RebuildProgress, RebuildSource } from '../../schemas/api/rebuild.ts';
import { streams } from '../../schemas/events/index.ts';
import type { UsageRules } from '../../schemas/events/usage-rules.ts';
import { readCheckpoints, readCurrentVersions, switchProjection } from '../engine/checkpoint-store.ts';
import { createRebuildRuns, secondsLeft, type RebuildRunsOptions } from '../engine/rebuild-runs.ts';
import type { ProjectionStatus } from '../engine/runner.ts';
import { ensureWarehouseVersions, insertWarehouseVersion, markWarehouseVersionDropped, readWarehouseVersions, retirableUsageWarehouseProjector, type WarehouseVersion } from './rebuild-versions.ts';
import { createWarehouseTables, dropWarehouseTables } from './tables.ts';
import { usageWarehouseName, type DerivationProgress } from './usage-warehouse-projector.ts';

// Rebuilds of the usage warehouse (DOMAIN.md section 5). New rules are an event on the
// `usage-rules` stream and a new version N+1 whose projector builds its own tables from position 0,
// in a runner of its own, while version N keeps serving. The switch flips projection_versions
// in one statement, so every report afterwards reads N+1 and none reads a mix. Old tables are
// dropped only when asked, after the switch. One rebuild at a time: a second set of rules while
// one builds would leave the operator comparing against a moving target.

export interface RebuildOptions {
  sql: Sql;
  log: EventStore;
  warehouse: Warehouse;
  /** Small batches in tests, to watch a rebuild mid-way. */
  batchSize?: number;
  pollIntervalMs?: number;
  clock?: () => number;
  leases?: RebuildRunsOptions['leases'];
}

export interface Actor {
  userId: number;
}

export interface VersionsState {
  current: WarehouseVersion;
  /** The newest live version above the current one: the rebuild in progress. */
  rebuild: WarehouseVersion | null;
  /** Live versions below the current one. */
  droppable: WarehouseVersion[];
}

export type Rebuilds = ReturnType<typeof createRebuilds>;

export function createRebuilds(options: RebuildOptions) {
  const { sql, log, warehouse } = options;
  // Runners, progress counting and rate: the same for every projection (engine/rebuild-runs.ts).
  const runs = createRebuildRuns(options);
  /** A version's derivation after its deferred catch-up, while it runs. */
  const derivations = new Map<number, DerivationProgress>();

  async function versions(): Promise<VersionsState> {
    await ensureWarehouseVersions(sql);
    const all = await readWarehouseVersions(sql);
    const currentNumber = (await readCurrentVersions(sql)).get(usageWarehouseName) ?? all[0]!.version;
    const live = all.filter((v) => v.droppedAt === null);
    const current = all.find((v) => v.version === currentNumber) ?? { version: currentNumber, rules: all[0]!.rules, seedFrom: null, createdAt: new Date(0), droppedAt: null };
    return {
      current,
      rebuild: live.filter((v) => v.version > currentNumber).at(-1) ?? null,
      droppable: live.filter((v) => v.version < currentNumber),
    };
  }

  function run(version: WarehouseVersion): void {
    const onDerivation = (p: DerivationProgress | null) => (p ? derivations.set(version.version, p) : derivations.delete(version.version));
    runs.run(retirableUsageWarehouseProjector({ version: version.version, rules: version.rules, clock: options.clock, onDerivation, seedFrom: version.seedFrom ?? undefined }));
  }

  async function progress(version: WarehouseVersion, fresh = false): Promise<RebuildProgress> {
    const derivation = derivations.get(version.version) ?? null;
    const p = await runs.progress(usageWarehouseName, version.version, { fresh, busy: derivation !== null });
    const caughtUp = p.leftEvents === 0 && !p.held && derivation === null && p.lastError === null;
    return {
      version: version.version,
      rules: version.rules,
      eventsDone: p.eventsDone,
      eventsTotal: p.eventsTotal,
      eventsPerSecond: p.eventsPerSecond,
      secondsLeft: secondsLeft(p, caughtUp),
      stage: caughtUp ? 'done' : derivation || (p.leftEvents === 0 && p.held) ? 'deriving' : 'reading',
      derivation,
      caughtUp,
    };
  }

  return {
    versions,

    /**
     * Records the rules (UsageRulesChanged) and starts building version N+1 under them: from the
     * serving version's raw tables (the default; only the derivation runs again), or from position
     * 0 of the log (`from: 'log'`, when the code that writes the raw rows changed).
     * `sameRules`: the rules in force, derived again by the code of this release (a corrected
     * derivation brings an existing warehouse to the corrected figures); nothing is recorded.
     */
    async startRebuild(request: { rules: UsageRules; actor: Actor; at: Date; from?: RebuildSource; sameRules?: boolean }): Promise<RebuildProgress> {
      const state = await versions();
      if (state.rebuild) throw conflict(`Version ${state.rebuild.version} is still being built: switch to it or drop it first`);
      const known = [...(await readWarehouseVersions(sql)).map((v) => v.version), ...(await readCheckpoints(sql)).filter((c) => c.name === usageWarehouseName).map((c) => c.version)];
      const version = Math.max(...known) + 1;
      const command = { actor: { userId: request.actor.userId, canChangeRules: true }, rules: request.rules, at: request.at.toISOString() };
      // Compared with the serving rules, not only the stream's latest: an abandoned rebuild's rules
      // are recorded already, and building them again appends nothing new.
      const rules = request.sameRules ? state.current.rules : request.rules;
      if (!request.sameRules) {
        if (changeUsageRulesDecider.decide(command, state.current.rules).length === 0) throw invalidRequest('These are the rules in force already: nothing to rebuild');
        await handleCommand(log, streams.usageRules(), changeUsageRulesDecider, command, (_event, index, streamVersion) => eventId('usage-rules', streamVersion + 1 + index));
      }
      await insertWarehouseVersion(sql, version, rules, (request.from ?? 'raw') === 'raw' ? state.current.version : null);
      // Before the runner starts: the comparison reads the new tables at once, even while empty.
      await createWarehouseTables(warehouse, version);
      await createWarehouseTables(warehouse, state.current.version);
      const created = (await readWarehouseVersions(sql)).find((v) => v.version === version)!;
      run(created);
      return progress(created);
    },

    /** Continues a rebuild that a stopped process left unfinished, in this process. */
    async resumeRebuild(): Promise<RebuildProgress | null> {
      const { rebuild } = await versions();
      if (!rebuild) return null;
      run(rebuild);
      return progress(rebuild);
    },

    async rebuildStatus(): Promise<RebuildProgress | null> {
      const { rebuild } = await versions();
      return rebuild ? progress(rebuild) : null;
    },

    /** The one-step switch: only a caught-up rebuild may serve. */
    async switchVersion(): Promise<number> {
      const { rebuild } = await versions();
      if (!rebuild) throw conflict('No rebuild to switch to');
      const status = await progress(rebuild, true);
      if (!status.caughtUp) throw conflict(`Version ${rebuild.version} has not caught up yet (${status.eventsDone} of ${status.eventsTotal} events)`);
      // The warehouse is read by version number (projection_versions): serving is the flip alone.
      await switchProjection(sql, usageWarehouseName, rebuild.version);
      return rebuild.version;
    },

    /** Drops one version's tables; never the serving one. Dropping a rebuild in progress abandons it. */
    async dropVersion(version: number): Promise<void> {
      const state = await versions();
      if (version === state.current.version) throw conflict('The serving version cannot be dropped');
      if (![...state.droppable, ...(state.rebuild ? [state.rebuild] : [])].some((v) => v.version === version)) throw notFound(`No live warehouse version ${version}`);
      // Marked first: a runner still feeding this version goes quiet before its tables disappear.
      await markWarehouseVersionDropped(sql, version);
      await runs.stopRun(usageWarehouseName, version);
      await dropWarehouseTables(warehouse, version);
    },

    async dropOldVersions(): Promise<number[]> {
      const { droppable } = await versions();
      for (const v of droppable) await this.dropVersion(v.version);
      return droppable.map((v) => v.version);
    },

    /** Status of the versions this manager runs, so GET /api/admin/projections shows a rebuild while it builds. */
    runnerStatuses: (): Promise<ProjectionStatus[]> => runs.runnerStatuses(),

    /** Ends the backoff of a failing projector in a rebuild runner started here (POST /api/admin/projections/{name}/retry). */
    retryNow: (name: string, version: number): boolean => runs.retryNow(name, version),

    /** Runners started here: a switched-to version keeps running in its rebuild runner until the process stops. */
    stop: (): Promise<void> => runs.stop(),
  };
}

const perDeps = new WeakMap<object, Rebuilds>();

/** One rebuild manager per server (its runners and rate samples live in memory). */
export function rebuildsOf(deps: { sql: Sql; store: EventStore; warehouse?: Warehouse; now: () => Date; projectionLeases?: RebuildRunsOptions['leases'] }): Rebuilds {
  let rebuilds = perDeps.get(deps);
  if (!rebuilds) {
    if (!deps.warehouse) throw new Error('rebuilds need the warehouse, and this server has none');
    rebuilds = createRebuilds({ sql: deps.sql, log: deps.store, warehouse: deps.warehouse, clock: () => deps.now().getTime(), leases: deps.projectionLeases });
    perDeps.set(deps, rebuilds);
  }
  return rebuilds;
}

/** Lets a test (or another start-up) hand the routes a manager built with its own options. */
export function useRebuilds(deps: object, rebuilds: Rebuilds): void {
  perDeps.set(deps, rebuilds);
}

/** Stops the rebuild runners of a server at shutdown, if it ever started one. */
export async function stopRebuildsOf(deps: object): Promise<void> {
  await perDeps.get(deps)?.stop();
}
