import { conflict, invalidRequest, notFound } from '../../infra/errors.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import type { ReadModelOverview, ReadModelRebuildProgress } from '../../schemas/api/rebuild.ts';
import { ensureCheckpointSchema, isVersionDropped, markVersionDropped, readCurrentVersions, readHighestVersion, readLiveVersions, registerProjection, switchProjection } from '../engine/checkpoint-store.ts';
import { postgresProjector, type PostgresProjector, type Projector } from '../engine/projector.ts';
import { dropReadModelTables, pointViews } from '../engine/read-model.ts';
import { createRebuildRuns, secondsLeft, type RebuildRunsOptions } from '../engine/rebuild-runs.ts';

// Rebuilds of the Postgres read models (ARCHITECTURE.md "Rebuilds"): the same steps as the
// warehouse's, through the same runs (engine/rebuild-runs.ts) and the same endpoints. Version N+1
// of a read model is its projector's code under a new number: it makes its own tables
// (rm_<name>_v<N+1>_*) and projects the whole log into them from position 0 in a runner of its own,
// while N keeps serving. The switch repoints the read model's views at N+1 and flips
// projection_versions in one transaction. Old versions' tables are dropped only when asked. Which
// versions exist is the checkpoint table itself: a version is live from its registration until it
// is dropped (projection_checkpoints.dropped_at), so a restart runs the very same versions.

/** Makes version `version` of a read model: its projector's code, its own tables. */
export type ReadModelFactory = (version: number) => PostgresProjector;

export interface ReadModelVersions {
  current: number;
  /** The newest live version above the current one: the rebuild in progress. */
  rebuild: number | null;
  /** Live versions below the current one. */
  droppable: number[];
}

/**
 * A version that goes quiet once dropped: the server's runner, started before the drop, keeps
 * feeding it, and without this its next set-up would make its tables again. One small read per
 * batch, in the batch's own transaction.
 */
export function retirableReadModel(projector: PostgresProjector): PostgresProjector {
  return postgresProjector({
    ...projector,
    async setup(sql) {
      await ensureCheckpointSchema(sql);
      if (await isVersionDropped(sql, projector.name, projector.version)) return;
      await projector.setup(sql);
    },
    async apply(tx, events) {
      if (await isVersionDropped(tx, projector.name, projector.version)) return;
      await projector.apply(tx, events);
    },
  });
}

/**
 * `projectors` with each read model replaced by one projector per live version (at least the
 * version in the code). Start-up (server/main.ts) runs these, so a rebuild survives a restart and
 * a switched-to version keeps being projected.
 */
export async function withReadModelVersions(sql: Sql, projectors: readonly Projector[], readModels: Readonly<Record<string, ReadModelFactory>>): Promise<Projector[]> {
  await ensureCheckpointSchema(sql);
  const result: Projector[] = [];
  for (const projector of projectors) {
    const make = readModels[projector.name];
    if (projector.kind !== 'postgres' || !make) {
      result.push(projector);
      continue;
    }
    const live = new Set([projector.version, ...(await readLiveVersions(sql, projector.name))]);
    for (const version of [...live].sort((a, b) => a - b)) result.push(retirableReadModel(version === projector.version ? projector : make(version)));
  }
  return result;
}

export type ReadModelRebuilds = ReturnType<typeof createReadModelRebuilds>;

export function createReadModelRebuilds(options: RebuildRunsOptions & { readModels: Readonly<Record<string, ReadModelFactory>> }) {
  const { sql, readModels } = options;
  const runs = createRebuildRuns(options);

  function factory(name: string): ReadModelFactory {
    const make = readModels[name];
    if (!make) throw notFound(`No read model ${name}`);
    return make;
  }

  async function versions(name: string): Promise<ReadModelVersions> {
    await ensureCheckpointSchema(sql);
    const live = await readLiveVersions(sql, name);
    factory(name);
    // A read model no runner has registered yet: version 1 is the first to be registered, and serves.
    const current = (await readCurrentVersions(sql)).get(name) ?? 1;
    return { current, rebuild: live.filter((v) => v > current).at(-1) ?? null, droppable: live.filter((v) => v < current) };
  }

  async function progress(name: string, version: number, fresh = false): Promise<ReadModelRebuildProgress> {
    const p = await runs.progress(name, version, { fresh });
    const caughtUp = p.leftEvents === 0 && p.lastError === null;
    return {
      name,
      version,
      eventsDone: p.eventsDone,
      eventsTotal: p.eventsTotal,
      eventsPerSecond: p.eventsPerSecond,
      secondsLeft: secondsLeft(p, caughtUp),
      stage: caughtUp ? 'done' : 'reading',
      lastError: p.lastError,
      caughtUp,
    };
  }

  const run = (name: string, version: number) => runs.run(retirableReadModel(factory(name)(version)));

  return {
    versions,
    names: (): string[] => Object.keys(readModels),

    /** Where every read model stands: the serving version, a rebuild in progress, old versions. */
    async overview(): Promise<ReadModelOverview[]> {
      return Promise.all(
        Object.keys(readModels).map(async (name) => {
          const state = await versions(name);
          return { name, currentVersion: state.current, rebuild: state.rebuild === null ? null : await progress(name, state.rebuild), droppableVersions: state.droppable };
        }),
      );
    },

    /** Builds version N+1 of a read model beside the serving one, from position 0 of the log. */
    async startRebuild(name: string): Promise<ReadModelRebuildProgress> {
      const state = await versions(name);
      if (state.rebuild !== null) throw conflict(`Version ${state.rebuild} of ${name} is still being built: switch to it or drop it first`);
      const version = Math.max(state.current, (await readHighestVersion(sql, name)) ?? 0) + 1;
      // Registered before it runs, so a restart in between finds it live; the serving version stays current.
      await registerProjection(sql, name, version);
      run(name, version);
      return progress(name, version);
    },

    /** Continues the rebuilds a stopped process left unfinished, in this process. */
    async resumeRebuilds(): Promise<ReadModelRebuildProgress[]> {
      const resumed: ReadModelRebuildProgress[] = [];
      for (const name of Object.keys(readModels)) {
        const { rebuild } = await versions(name);
        if (rebuild === null) continue;
        run(name, rebuild);
        resumed.push(await progress(name, rebuild));
      }
      return resumed;
    },

    /** The one-step switch: the views point at the caught-up version, and projection_versions says so, together. */
    async switchVersion(name: string): Promise<number> {
      const { rebuild } = await versions(name);
      if (rebuild === null) throw conflict(`No rebuild of ${name} to switch to`);
      const status = await progress(name, rebuild, true);
      if (!status.caughtUp) throw conflict(`Version ${rebuild} of ${name} has not caught up yet (${status.eventsDone} of ${status.eventsTotal} events)`);
      const next = factory(name)(rebuild);
      await switchProjection(sql, name, rebuild, (tx) => pointViews(tx, next.views));
      return rebuild;
    },

    /** Drops one version's tables; never the serving one. Dropping a rebuild in progress abandons it. */
    async dropVersion(name: string, version: number): Promise<void> {
      const state = await versions(name);
      if (version === state.current) throw conflict('The serving version cannot be dropped');
      if (![...state.droppable, ...(state.rebuild === null ? [] : [state.rebuild])].includes(version)) throw notFound(`No live version ${version} of ${name}`);
      // Marked first: a runner still feeding this version goes quiet before its tables disappear.
      await markVersionDropped(sql, name, version);
      await runs.stopRun(name, version);
      await dropReadModelTables(sql, factory(name)(version).views);
    },

    async dropOldVersions(name: string): Promise<number[]> {
      const { droppable } = await versions(name);
      for (const version of droppable) await this.dropVersion(name, version);
      return droppable;
    },

    runnerStatuses: () => runs.runnerStatuses(),
    retryNow: (name: string, version: number) => runs.retryNow(name, version),
    stop: () => runs.stop(),
  };
}

/** A name the operator asked to rebuild must be a read model; the warehouse is rebuilt under rules. */
export function assertReadModel(rebuilds: ReadModelRebuilds, name: string): void {
  if (!rebuilds.names().includes(name)) throw invalidRequest(`${name} is not a read model that can be rebuilt on its own; the usage warehouse is rebuilt under usage rules`);
}
