import { defaultUsageRules, type UsageRules } from '../../schemas/events/usage-rules.ts';
import { warehouseProjector, type WarehouseContext } from '../engine/projector.ts';
import { newDeferredRun, noteTouches, usageWarehouseName, type BatchContext, type DerivationProgress } from './batch.ts';
import { usageWarehouseEvents } from './raw-rows.ts';
import { RecheckMemory } from './rechecks.ts';
import { postgresReferenceData, type ReferenceData } from './reference.ts';
import { deriveDeferred, insertRawRows, projectBatch } from './scheduling.ts';
import { seedFromRawTables } from './seed-from-raw.ts';
import { createWarehouseTables, warehouseTables } from './tables.ts';

// The usage warehouse of one rules version (DOMAIN.md sections 3 and 5). Per batch:
// (files: scheduling.ts says when a batch derives, window-rounds.ts how far, derived-rows-writer.ts
// what it writes, seed-from-raw.ts how a new version starts from the raw tables)
// 1. the touched users and instants, plus users whose open session's recheck time has passed
//    (kept in memory between batches: rechecks.ts);
// 2. derivation rounds: ONE query per table loads every touched user's window (raw rows that
//    earlier batches wrote, plus the batch's own rows from memory, and the previously derived
//    spans), the pure derivation runs per user, and users whose affected region reaches the edge
//    of their window go into the next round with a wider one (windows.ts);
// 3. ONE insert per raw table for all the batch's events, sent at once and written while the
//    derivation runs (a live batch's time is what a play waits for before the report shows it);
// 4. ONE insert per derived table: new rows and tombstones, with the batch's log position as
//    derived_version, so replaying a batch writes the very same rows and a later batch wins.
// While the runner catches up (a rebuild, a restart after downtime: until the end of the log is
// first reached after `setup`; later full pages are live load, derived at once) each batch writes
// only its raw rows and notes what it touched; at the end of the log, or after
// `maxDeferredEvents`, the noted users are derived once over everything they touched, in groups of
// about `derivationGroupEvents` events (steps 1-4 with nothing fresh). Deriving a user's day once instead of once per batch is
// what makes catch-up fast. The content library and time zones come from Postgres (ReferenceData).

export interface UsageWarehouseOptions {
  version: number;
  rules: UsageRules;
  /** Reference data; by default read from the runner's Postgres. */
  reference?: ReferenceData;
  /** "Now" for open sessions, read once per batch (never deep inside the derivation). */
  clock?: () => number;
  /** At most this many derivation rounds per batch (each widens the windows that need it). */
  maxRounds?: number;
  /** While catching up, derive at the latest after this many events (bounds what a crash replays). */
  maxDeferredEvents?: number;
  /** Users derived together after a deferred run, up to about this many of their events. */
  derivationGroupEvents?: number;
  /** Told how a deferred run's derivation advances (users done of users to derive), and null when it ended. */
  onDerivation?: (progress: DerivationProgress | null) => void;
  /**
   * A version under new rules starts from this version's raw tables instead of position 0: the raw
   * rows are the events themselves (no rule shapes them), so copying them and deriving every user
   * once gives what replaying the log would, in a fraction of the time. Only the derivation differs.
   */
  seedFrom?: number;
}

export { usageWarehouseName, type DerivationProgress } from './batch.ts';


export function createUsageWarehouseProjector(options: UsageWarehouseOptions) {
  const { version, rules } = options;
  const t = warehouseTables(version);
  const clock = options.clock ?? Date.now;
  const maxRounds = options.maxRounds ?? 6;
  const maxDeferredEvents = options.maxDeferredEvents ?? 2_000_000;
  const groupEvents = options.derivationGroupEvents ?? 300_000;
  let deferred = newDeferredRun();
  const rechecks = new RecheckMemory();
  /**
   * Whether this run has reached the end of the log once since `setup`. From then on a full page
   * is load, not a catch-up: deferring it would keep every play of it (and of the pages after it,
   * up to the end of the log or `maxDeferredEvents`) out of the reports until the load eases.
   */
  let live = false;

  return warehouseProjector({
    name: usageWarehouseName,
    version,
    handles: usageWarehouseEvents,
    // Logins have a table of their own (login-log.ts).
    ignores: ['LoggedIn'],
    async setup(warehouse, context) {
      // The runner reads from the checkpoint again: a deferred run is replayed from its start.
      deferred = newDeferredRun();
      live = false;
      // The tables may have changed without us (a failed batch, another instance, a seed below).
      rechecks.forget();
      await createWarehouseTables(warehouse, version);
      if (options.seedFrom !== undefined && context && !context.starting) {
        const reference = options.reference ?? postgresReferenceData(context.sql);
        await seedFromRawTables({ warehouse, t, rules, reference, now: clock(), maxRounds }, context.sql, version, options.seedFrom, groupEvents, options.onDerivation);
      }
    },
    async apply(warehouse, events, context?: WarehouseContext) {
      const reference = options.reference ?? (context ? postgresReferenceData(context.sql) : undefined);
      if (!reference) throw new Error('the usage warehouse needs reference data: pass `reference` or run it with a Postgres context');
      const ctx: BatchContext = { warehouse, t, rules, reference, now: clock(), maxRounds, rechecks };
      if (!context?.catchingUp) live = true;
      if (live && deferred.events === 0) return projectBatch(ctx, events);
      await insertRawRows(ctx, events);
      noteTouches(deferred.touched, events);
      deferred.events += events.length;
      deferred.last = events.at(-1)?.position ?? deferred.last;
      if (context?.catchingUp && deferred.events < maxDeferredEvents) return 'deferred';
      await deriveDeferred(ctx, deferred, groupEvents, options.onDerivation);
      deferred = newDeferredRun();
    },
  });
}

export const usageWarehouseProjector = createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules });
