import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { LOG_START, type EventStore, type LogPosition } from '../../infra/event-store/event-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { readCheckpoint } from './checkpoint-store.ts';
import { projectionKey, type Projector } from './projector.ts';
import { createProjectionRunner, type ProjectionRunner, type ProjectionRunnerOptions, type ProjectionStatus } from './runner.ts';

// The part of a rebuild that is the same for every projection, Postgres read model or warehouse
// table (ARCHITECTURE.md "Rebuilds"): the new version runs in a runner of its own, from position 0
// of the log (its checkpoint is new), beside the serving version; its progress is events done of
// the log's length and a rate. What differs by kind sits in the kind's manager: how a version's
// tables are made and dropped, what serving means (a read model repoints its views; the warehouse
// is read by version number), and what starts a rebuild (new usage rules for the warehouse).

export interface RebuildRunsOptions {
  sql: Sql;
  log: EventStore;
  warehouse?: Warehouse;
  /** Small batches in tests, to watch a rebuild mid-way. */
  batchSize?: number;
  pollIntervalMs?: number;
  /** Several instances: a rebuild runs only while it holds its version's lease, like the server's runner (leases.ts). */
  leases?: ProjectionRunnerOptions['leases'];
}

export interface RunProgress {
  eventsDone: number;
  eventsTotal: number;
  eventsPerSecond: number;
  /** Events after the read position. */
  leftEvents: number;
  /** The runner has read further than its checkpoint (a warehouse holds it back while deferring). */
  held: boolean;
  lastError: string | null;
  /** The time of this reading (ms), for the caller's own bookkeeping. */
  at: number;
}

export type RebuildRuns = ReturnType<typeof createRebuildRuns>;

export function createRebuildRuns(options: RebuildRunsOptions) {
  const { sql, log, warehouse } = options;
  const runners = new Map<string, ProjectionRunner>();
  const startups = new Map<string, Promise<void>>();
  /** Recent (time, eventsDone) per version, for the rate. */
  const samples = new Map<string, { at: number; done: number }[]>();
  /** The last counts per version: counting a long log takes a while (on PGlite, on the thread that also projects). */
  const counts = new Map<string, { at: number; took: number; total: number; left: number }>();
  /**
   * The log's length up to a position, extended by counting only what came after it: a count
   * from the start scans the whole log (7 s at 10M events on PGlite). An event committed late
   * below that position is left out of this total, never out of `left`, which decides caughtUp.
   */
  let length: { upTo: LogPosition; events: number } = { upTo: LOG_START, events: 0 };

  async function countEvents(key: string, position: LogPosition, fresh: boolean, busy: boolean) {
    const last = counts.get(key);
    // At most a tenth of the time goes to counting, however often the progress is asked for, and
    // none while the version is busy otherwise (a warehouse deriving): on PGlite a count runs on
    // the very thread that works.
    if (!fresh && last && (busy || Date.now() - last.at < 10 * last.took)) return last;
    const started = Date.now();
    const fromStart = position.tx === LOG_START.tx && position.seq === LOG_START.seq;
    // Relative to the length this call began from: two counts at once both land on a true length.
    const base = length;
    const [added, left] = await Promise.all([log.backlog(base.upTo), fromStart ? null : log.backlog(position)]);
    length = { upTo: added.newest ?? base.upTo, events: base.events + added.events };
    const counted = { at: Date.now(), took: Date.now() - started, total: length.events, left: left?.events ?? length.events };
    counts.set(key, counted);
    return counted;
  }

  return {
    /** Starts projecting `projector` in a runner of its own, unless one runs it already. */
    run(projector: Projector): void {
      const key = projectionKey(projector);
      if (runners.has(key)) return;
      const runner = createProjectionRunner({ log, sql, warehouse, projectors: [projector], batchSize: options.batchSize, pollIntervalMs: options.pollIntervalMs, leases: options.leases });
      runners.set(key, runner);
      const started = runner.start();
      // Until start resolves the runner calls itself stopped; a status asked meanwhile waits for it.
      startups.set(key, started.catch(() => undefined));
      void started;
    },

    /** How far a version is: from its runner here, else (a version the server's runner builds) from its checkpoint. */
    async progress(name: string, version: number, { fresh = false, busy = false }: { fresh?: boolean; busy?: boolean } = {}): Promise<RunProgress> {
      const key = projectionKey({ name, version });
      const checkpoint = await readCheckpoint(sql, name, version);
      // A warehouse catching up holds its checkpoint back until it has derived what it read: the
      // runner's read position tells how far the reading is.
      const read = runners.get(key)?.readPosition(name, version) ?? checkpoint.position;
      const { at: now, total, left } = await countEvents(key, read, fresh, busy);
      const done = total - left;
      const history = [...(samples.get(key) ?? []), { at: now, done }].filter((s) => now - s.at <= 10_000);
      samples.set(key, history);
      const oldest = history[0]!;
      const seconds = (now - oldest.at) / 1000;
      const eventsPerSecond = seconds > 0 ? Math.max(0, (done - oldest.done) / seconds) : 0;
      return {
        eventsDone: done,
        eventsTotal: total,
        eventsPerSecond: Math.round(eventsPerSecond * 10) / 10,
        leftEvents: left,
        held: read.tx !== checkpoint.position.tx || read.seq !== checkpoint.position.seq,
        lastError: checkpoint.lastError,
        at: now,
      };
    },

    /** Stops the runner of one version, if it runs here (before its tables are dropped). */
    async stopRun(name: string, version: number): Promise<void> {
      const key = projectionKey({ name, version });
      await runners.get(key)?.stop();
      runners.delete(key);
    },

    /** Status of the versions run here, so GET /api/admin/projections shows a rebuild while it builds. */
    async runnerStatuses(): Promise<ProjectionStatus[]> {
      await Promise.all(startups.values());
      return (await Promise.all([...runners.values()].map((r) => r.status()))).flat();
    },

    /** Ends the backoff of a failing projector run here (POST /api/admin/projections/{name}/retry). */
    retryNow(name: string, version: number): boolean {
      return [...runners.values()].map((r) => r.retryNow(name, version)).some(Boolean);
    },

    /** Runners started here: a switched-to version keeps running in its rebuild runner until the process stops. */
    async stop(): Promise<void> {
      await Promise.all([...runners.values()].map((r) => r.stop()));
      runners.clear();
    },
  };
}

/** Seconds left at this rate; 0 once caught up, null while no rate is known. */
export const secondsLeft = (p: RunProgress, caughtUp: boolean): number | null =>
  caughtUp ? 0 : p.eventsPerSecond > 0 ? Math.round(p.leftEvents / p.eventsPerSecond) : null;
