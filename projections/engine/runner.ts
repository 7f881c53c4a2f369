import { createPageCache } from './page-cache.ts';
import { comparePositions, LOG_START, type GlobalLog, type LogPosition, type RecordedEvent } from '../../infra/event-store/event-store.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { advanceCheckpoint, clearCheckpointError, countParkedEvents, ensureCheckpointSchema, readCheckpoint, readCheckpoints, readCurrentVersions, readParkedEventIds, recordCheckpointError, registerProjection, type FailingEvent } from './checkpoint-store.ts';
import { createProjectionLeases, LeaseLost, type ProjectionLeaseOptions } from './leases.ts';
import { projectionKey, type Projector } from './projector.ts';
import { setUpReadModel } from './read-model.ts';

// Feeds every projector batches of the global log from its own checkpoint: catch-up, then live
// (woken by onAppended, with a poll as fallback for appends we are not told about).
//
// Why each event takes effect exactly once:
// - The log is read in (tx, seq) order and `readAll` never skips an event committed late, so the
//   checkpoint can be a single position: everything at or before it is done, nothing after it is.
// - Postgres projectors apply a batch and move the checkpoint in ONE transaction; a crash at any
//   point leaves either both or neither, so a restart resumes exactly after the last applied batch.
// - Warehouse projectors cannot share that transaction. The checkpoint moves only after `apply`
//   succeeded, so a crash in between replays that batch once more, and their `apply` is idempotent.
// - A failing batch is retried from the same checkpoint, never skipped on its own: the runner halves
//   the batch until it has applied everything before the one event that fails and can name that
//   event (status: failingEvent), then retries it with backoff. Only an operator skips it, by
//   parking it (server/operations/park-event.ts): parked events of (name, version) are left out
//   of every batch of that version, rebuilds of it included; a new version projects them again.

export type ProjectionState = 'catching-up' | 'live' | 'failing' | 'stopped';

export interface ProjectionStatus {
  name: string;
  version: number;
  kind: Projector['kind'];
  /** Whether this version is the one queries read (a rebuild runs beside the current one). */
  current: boolean;
  position: LogPosition;
  eventsProcessed: number;
  /** Events read and written in part, their checkpoint held back until the deferred work is done. */
  deferredEvents: number;
  lagEvents: number;
  /** Age of the oldest event not yet processed; 0 when caught up. */
  lagSeconds: number;
  state: ProjectionState;
  lastError: string | null;
  /** The one event the projector fails on, once the runner has narrowed the failing batch down to it. */
  failingEvent: FailingEvent | null;
  /** Events an operator parked for this version: skipped by it. */
  parkedEvents: number;
  updatedAt: Date;
}

export interface ProjectionRunnerOptions {
  log: GlobalLog;
  sql: Sql;
  /** Needed when any projector is a warehouse projector. */
  warehouse?: Warehouse;
  projectors: readonly Projector[];
  /** Events per read for Postgres projectors (default 1000), and for warehouse ones unless `warehouseBatchSize` says otherwise. */
  batchSize?: number;
  /**
   * Events per read for warehouse projectors (default `batchSize`, else 50,000): every warehouse
   * batch costs a fixed number of ClickHouse statements and makes new parts, so catch-up and
   * rebuilds go as fast as the batches are large.
   */
  warehouseBatchSize?: number;
  /** Fallback poll when no wake-up arrives (appends by another process on PGlite, lost notifications). */
  pollIntervalMs?: number;
  retry?: { initialMs: number; maxMs: number };
  /**
   * Several instances on one Postgres: run each projector only while this runner holds its lease
   * (leases.ts), so exactly one instance projects it and another takes over when this one dies.
   * Without it (PGlite: one process) the runner projects everything.
   */
  leases?: Omit<ProjectionLeaseOptions, 'sql'>;
  onError?(projector: Projector, error: unknown): void;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<ProjectionStatus[]>;
  /** Resolves once every projector has processed everything in the log (tests, rebuilds). */
  waitUntilCaughtUp(timeoutMs?: number): Promise<void>;
  /** How far a projector has read: its checkpoint, or beyond it while it defers work (rebuild progress). */
  readPosition(name: string, version: number): LogPosition | undefined;
  /**
   * How far a Postgres read model of this runner holds the log: everything up to the position is
   * in its tables (committed). Undefined for a warehouse projector or one this runner does not run.
   */
  projectedTo(name: string, version: number): LogPosition | undefined;
  /** Resolves when any projector of this runner has next moved past a batch (read your writes). */
  nextBatch(): Promise<void>;
  /** Ends a failing projector's backoff now (after a fix or a parked event); false when this runner has no such projector. */
  retryNow(name: string, version: number): boolean;
}

/** An error of a projector's `apply` (not of reading the log), with the batch it failed on. */
class BatchFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly events: RecordedEvent[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * A loop ahead of its stored checkpoint over batches it had nothing to apply from: `from` is the
 * stored checkpoint, `to` where the loop is, `since` when it first skipped the write.
 */
interface Unsaved {
  from: LogPosition;
  to: LogPosition;
  since: number;
}

/**
 * How long a checkpoint may stay behind over batches a projector had nothing to apply from. Every
 * append wakes every projector, and most events concern few of them: without this, a favorite tap
 * or a message send on PGlite was followed by a checkpoint write (BEGIN, UPDATE, COMMIT) of each
 * projector it does not concern, all on the one connection the next request waits for (issue 21
 * item 2). Skipping the write is safe: a restart reads those events again and again applies nothing.
 */
const UNSAVED_MAX_MS = 1000;

/** Where a warehouse projector's deferred run began (its checkpoint) and how many events it holds. */
interface Deferred {
  from: LogPosition;
  events: number;
}

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { log, sql, warehouse, projectors } = options;
  const batchSizeOf = (p: Projector) => (p.kind === 'warehouse' ? options.warehouseBatchSize ?? options.batchSize ?? 50_000 : options.batchSize ?? 1000);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const retry = options.retry ?? { initialMs: 200, maxMs: 30_000 };

  const keys = projectors.map(projectionKey);
  if (new Set(keys).size !== keys.length) throw new Error(`duplicate projector name and version: ${keys.join(', ')}`);
  if (!warehouse && projectors.some((p) => p.kind === 'warehouse')) throw new Error('a warehouse projector needs a warehouse');

  let running = false;
  let starting: Promise<void> | undefined;
  let loops: Promise<void>[] = [];
  let unsubscribe: (() => void) | undefined;
  const wakers = projectors.map(() => createWaker());
  /** Larger batches first: their read of the new events is in flight when the smaller ones ask (page-cache.ts). */
  const wakeOrder = projectors.map((_, i) => i).sort((a, b) => batchSizeOf(projectors[b]!) - batchSizeOf(projectors[a]!));
  const failures = projectors.map(() => 0);
  /** Whether each loop's last read found nothing left: waitUntilCaughtUp asks Postgres only once all say so. */
  const idle = projectors.map(() => false);
  /** Each loop's read position and deferred run: ahead of its checkpoint while a warehouse projector defers work. */
  const readPositions: (LogPosition | undefined)[] = projectors.map(() => undefined);
  const deferredRuns: (Deferred | null)[] = projectors.map(() => null);
  const unsaved: (Unsaved | null)[] = projectors.map(() => null);
  /**
   * While narrowing a failing batch down to its one failing event: read at most `limit` events and
   * defer nothing, until past `until` (the end of the batch that failed).
   */
  const narrowing: ({ limit: number; until: LogPosition } | null)[] = projectors.map(() => null);
  /** Event ids parked for each projector's version, read again whenever the loop re-reads its checkpoint. */
  const parked: Set<string>[] = projectors.map(() => new Set());
  /** Ends a loop's backoff sleep early (retryNow). */
  const retrySignals: (() => void)[] = projectors.map(() => () => undefined);
  const pages = createPageCache(log);
  let batchDone: () => void = () => undefined;
  let nextBatch = new Promise<void>((resolve) => (batchDone = resolve));
  const signalBatch = () => {
    batchDone();
    nextBatch = new Promise<void>((resolve) => (batchDone = resolve));
  };
  const leases = options.leases ? createProjectionLeases({ sql, ...options.leases }) : undefined;
  let schemaReady: Promise<void> | undefined;
  const ensureSchema = () => (schemaReady ??= ensureCheckpointSchema(sql).catch((error: unknown) => {
    schemaReady = undefined;
    throw error;
  }));
  let stopNow: () => void = () => undefined;
  let stopped = Promise.resolve();
  const sleepUnlessStopped = (ms: number) => Promise.race([stopped, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

  /**
   * Notes a live batch with nothing to apply in place of its checkpoint write, until the first such
   * note is UNSAVED_MAX_MS old, and never once stopping: a clean stop leaves every checkpoint where
   * its loop got to.
   */
  function holdBack(index: number, from: LogPosition, to: LogPosition): boolean {
    const ahead = (unsaved[index] ??= { from, to, since: Date.now() });
    ahead.to = to;
    return running && Date.now() - ahead.since < UNSAVED_MAX_MS;
  }

  /** Applies one batch; answers the deferred run it leaves open, if any. */
  async function applyBatch(index: number, events: RecordedEvent[], from: LogPosition, to: LogPosition, deferred: Deferred | null, catchingUp: boolean, skip: Set<string>): Promise<Deferred | null> {
    const projector = projectors[index]!;
    const handled = events.filter((event) => projector.handles.includes(event.type) && !skip.has(event.id));
    if (handled.length === 0 && !deferred && !catchingUp && holdBack(index, from, to)) return null;
    // From the stored checkpoint, which is behind the batch's start after batches held back.
    from = unsaved[index]?.from ?? from;
    unsaved[index] = null;
    if (projector.kind === 'postgres') {
      await sql.transaction(async (tx) => {
        if (leases) await leases.fence(tx, projector);
        if (handled.length > 0) await projector.apply(tx, handled);
        await advanceCheckpoint(tx, projector.name, projector.version, from, to, handled.length);
      });
      return null;
    }
    if (leases && !leases.holds(projector)) throw new LeaseLost(projector, leases.holder);
    const outcome = handled.length > 0 || deferred ? await projector.apply(warehouse!, handled, { sql, catchingUp }) : undefined;
    const count = (deferred?.events ?? 0) + handled.length;
    if (outcome === 'deferred') return { from: deferred?.from ?? from, events: count };
    if (leases && !leases.holds(projector)) throw new LeaseLost(projector, leases.holder);
    await advanceCheckpoint(sql, projector.name, projector.version, deferred?.from ?? from, to, count);
    return null;
  }

  async function setUp(projector: Projector, starting = false): Promise<void> {
    // A read model's tables, and its views when this version serves (read-model.ts).
    if (projector.kind === 'postgres') await setUpReadModel(sql, projector);
    else await projector.setup(warehouse!, { sql, starting });
  }

  async function follow(index: number): Promise<void> {
    const projector = projectors[index]!;
    const waker = wakers[index]!;
    const batchSize = batchSizeOf(projector);
    let position: LogPosition | undefined;
    // The next page, read while this one is applied: on PGlite reading is work on this thread and
    // ClickHouse works on its own threads, so the two overlap. Only a full page has a next one.
    let ahead: Promise<RecordedEvent[]> | undefined;
    // The last page was the end of the log and no append was told of since (page-cache.ts): the
    // loop goes to its end-of-log work and waits, without reading again to find nothing.
    let atEnd = false;
    while (running) {
      try {
        if (leases && !leases.holds(projector)) {
          // Another instance projects it (or nobody, until this one's next round takes the lease
          // over): wait, and read the checkpoint afresh once the lease is ours.
          position = undefined;
          ahead = undefined;
          deferredRuns[index] = null;
          narrowing[index] = null;
          idle[index] = true;
          await waker.wait(pollIntervalMs);
          continue;
        }
        if (!position) {
          ahead = undefined;
          atEnd = false;
          deferredRuns[index] = null;
          unsaved[index] = null;
          await setUp(projector);
          position = (await readCheckpoint(sql, projector.name, projector.version)).position;
          parked[index] = await readParkedEventIds(sql, projector.name, projector.version);
        }
        readPositions[index] = position;
        const narrow = narrowing[index];
        if (narrow && comparePositions(position, narrow.until) >= 0) narrowing[index] = null;
        const limit = narrowing[index]?.limit ?? batchSize;
        const events = atEnd ? [] : await (ahead ?? pages.read(position, limit));
        atEnd = false;
        ahead = undefined;
        const last = events.at(-1);
        if (!last) {
          // The end of the log: a deferred run is finished now, then the loop waits.
          if (deferredRuns[index]) {
            deferredRuns[index] = await applyBatch(index, [], position, position, deferredRuns[index], false, parked[index]!).catch((error: unknown) => {
              throw new BatchFailure(error, []);
            });
            continue;
          }
          // Skipped checkpoint writes are made once they are old enough (the poll below comes back).
          const behind = unsaved[index];
          if (behind && Date.now() - behind.since >= UNSAVED_MAX_MS) {
            await applyBatch(index, [], behind.to, behind.to, null, false, parked[index]!).catch((error: unknown) => {
              throw new BatchFailure(error, []);
            });
          }
          // Recovered with nothing left to apply (e.g. the log was unreachable while idle).
          if (failures[index]! > 0) await clearCheckpointError(sql, projector.name, projector.version);
          failures[index] = 0;
          idle[index] = true;
          await waker.wait(pollIntervalMs);
          continue;
        }
        idle[index] = false;
        // While narrowing, a short read is no sign of the end of the log, and nothing is deferred:
        // each small batch is finished, so the failure shows in the batch that holds its event.
        const full = events.length === batchSize && !narrowing[index];
        if (full) {
          ahead = pages.read(last.position, batchSize);
          // A failed read-ahead is read again after the retry; never an unhandled rejection.
          ahead.catch(() => undefined);
        }
        const from = position;
        deferredRuns[index] = await applyBatch(index, events, from, last.position, deferredRuns[index] ?? null, full, parked[index]!).catch((error: unknown) => {
          throw new BatchFailure(error, events);
        });
        position = last.position;
        readPositions[index] = position;
        atEnd = pages.provesEnd(events, limit);
        signalBatch();
        failures[index] = 0;
        // Past a failure (found and parked, fixed, or a passing outage of a store), batches grow
        // back to full size at once rather than crawl on one event at a time; each success moves
        // the checkpoint, each failure halves again, so the search still ends.
        const narrowed = narrowing[index];
        if (narrowed) narrowed.limit = Math.min(narrowed.limit * 2, batchSize);
      } catch (caught) {
        ahead = undefined;
        idle[index] = false;
        const error = caught instanceof BatchFailure ? caught.cause : caught;
        if (error instanceof LeaseLost) {
          // Not a failure of the projector: another instance has it now and its checkpoint rules.
          position = undefined;
          narrowing[index] = null;
          continue;
        }
        const batch = caught instanceof BatchFailure ? caught.events : [];
        // A batch of many events failed: retry at once with half as many, from the checkpoint, so
        // what precedes the bad event is applied and the bad one ends up alone in its batch. Alone,
        // it is named (if this projector handles it) and retried with backoff like any failure.
        // A deferred run open at the failure counts: its earlier batches are applied again from the checkpoint.
        const span = batch.length + (deferredRuns[index]?.events ?? 0);
        const halving = caught instanceof BatchFailure && span > 1;
        const end = batch.at(-1)?.position ?? readPositions[index];
        if (caught instanceof BatchFailure && end) {
          const until = narrowing[index]?.until;
          narrowing[index] = { limit: Math.max(1, Math.ceil(span / 2)), until: until && comparePositions(until, end) > 0 ? until : end };
        }
        const only = span === 1 ? batch[0] : undefined;
        const failing = only && projector.handles.includes(only.type) ? { id: only.id, position: only.position } : undefined;
        if (!halving) failures[index]! += 1;
        options.onError?.(projector, error);
        await recordCheckpointError(sql, projector.name, projector.version, error, failing).catch(() => undefined);
        // The checkpoint is re-read before the retry: the commit may have happened before the
        // error reached us, and then the batch is done and must not be applied again.
        position = undefined;
        if (halving) continue;
        // Not the waker: appends keep arriving and must not cut the backoff short. An operator's
        // retry (after a fix or a parked event) does.
        await Promise.race([
          sleepUnlessStopped(Math.min(retry.initialMs * 2 ** (failures[index]! - 1), retry.maxMs)),
          new Promise<void>((resolve) => (retrySignals[index] = resolve)),
        ]);
      }
    }
    // Stopped: a checkpoint held back over events with nothing to apply is written now. If the
    // write fails, the next start reads those events again and again applies nothing.
    const behind = unsaved[index];
    if (behind && (!leases || leases.holds(projector))) await applyBatch(index, [], behind.to, behind.to, null, false, parked[index]!).catch((error: unknown) => options.onError?.(projector, error));
  }

  async function status(): Promise<ProjectionStatus[]> {
    await ensureSchema();
    const [checkpoints, currentVersions, parkedCounts] = await Promise.all([readCheckpoints(sql), readCurrentVersions(sql), countParkedEvents(sql)]);
    return Promise.all(
      projectors.map(async (projector, i): Promise<ProjectionStatus> => {
        const checkpoint = checkpoints.find((c) => c.name === projector.name && c.version === projector.version);
        // Past the stored checkpoint over batches it had nothing to apply from, the loop's own position.
        const position = unsaved[i]?.to ?? checkpoint?.position ?? LOG_START;
        const backlog = await log.backlog(position);
        const lastError = checkpoint?.lastError ?? null;
        const state: ProjectionState = !running ? 'stopped' : failures[i]! > 0 || lastError ? 'failing' : backlog.events > 0 ? 'catching-up' : 'live';
        return {
          name: projector.name,
          version: projector.version,
          kind: projector.kind,
          current: currentVersions.get(projector.name) === projector.version,
          position,
          eventsProcessed: checkpoint?.eventsProcessed ?? 0,
          deferredEvents: deferredRuns[i]?.events ?? 0,
          lagEvents: backlog.events,
          lagSeconds: backlog.oldestRecordedAt ? Math.max(0, (Date.now() - backlog.oldestRecordedAt.getTime()) / 1000) : 0,
          state,
          lastError,
          failingEvent: lastError ? checkpoint?.failingEvent ?? null : null,
          parkedEvents: parkedCounts.get(`${projector.name}@${projector.version}`) ?? 0,
          updatedAt: checkpoint?.updatedAt ?? new Date(0),
        };
      }),
    );
  }

  return {
    status,
    readPosition: (name, version) => readPositions[projectors.findIndex((p) => p.name === name && p.version === version)],
    projectedTo(name, version) {
      const index = projectors.findIndex((p) => p.name === name && p.version === version && p.kind === 'postgres');
      // While another instance holds its lease, this runner's position may be an old one.
      return index >= 0 && (!leases || leases.holds(projectors[index]!)) ? readPositions[index] : undefined;
    },
    nextBatch: () => nextBatch,
    retryNow(name, version) {
      const index = projectors.findIndex((p) => p.name === name && p.version === version);
      if (index < 0) return false;
      retrySignals[index]!();
      return true;
    },
    start() {
      starting ??= (async () => {
        await ensureSchema();
        // Lowest version first: on a fresh database the oldest version of a name becomes current,
        // and a newer one registered beside it waits for the switch (setCurrentVersion).
        for (const p of [...projectors].sort((a, b) => a.version - b.version)) await registerProjection(sql, p.name, p.version);
        // Tables exist before the server takes its first query, so a report right after start-up is
        // empty rather than an unknown-table error. A set-up that fails here is retried by its loop.
        await Promise.all(projectors.map((p) => setUp(p, true).catch(() => undefined)));
        // The first round of leases before the loops, so a lone instance starts projecting at once.
        await leases?.start(projectors);
        running = true;
        stopped = new Promise((resolve) => (stopNow = resolve));
        unsubscribe = log.onAppended(() => {
          pages.appended();
          wakeOrder.forEach((i) => wakers[i]!.notify());
        });
        loops = projectors.map((_, i) => follow(i));
      })().catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
      return starting;
    },

    async stop() {
      // A stop during start waits for it: otherwise the loops would start after the stop, on
      // databases the caller is about to close.
      await starting?.catch(() => undefined);
      starting = undefined;
      if (!running) return;
      running = false;
      stopNow();
      unsubscribe?.();
      wakers.forEach((w) => w.notify());
      await Promise.all(loops);
      loops = [];
      // After the loops: no batch of ours is under way, so another instance may take over at once.
      await leases?.stop();
    },

    async waitUntilCaughtUp(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // status() counts the backlog in Postgres: while a loop is still reading, that count only
        // takes time from the catch-up it waits for (on PGlite, time on this very thread).
        if (running && !idle.every(Boolean) && Date.now() <= deadline) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          continue;
        }
        const statuses = await status();
        if (statuses.every((s) => s.lagEvents === 0 && s.lastError === null)) return;
        if (Date.now() > deadline) throw new Error(`projections not caught up: ${JSON.stringify(statuses)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/** A wake-up that is never lost: a notify while the loop is busy makes its next wait return at once. */
function createWaker() {
  let pending = false;
  let wakeNow: (() => void) | undefined;
  return {
    notify() {
      pending = true;
      wakeNow?.();
    },
    wait(ms: number): Promise<void> {
      if (pending || ms <= 0) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakeNow = undefined;
          pending = false;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakeNow = done;
      });
    },
  };
}
