import { toClickHouseTime, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { LOG_START, type LogPosition } from '../../infra/event-store/event-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { advanceCheckpoint, readCheckpoint } from '../engine/checkpoint-store.ts';
import { defaultUsageRules, type UsageRules } from '../../schemas/events/usage-rules.ts';
import { warehouseProjector, type WarehouseContext } from '../engine/projector.ts';
import { deriveUserUsage } from './derivation/derive-user-usage.ts';
import type { UserUsage } from './derivation/types.ts';
import {
  activityEnd, dailyUsageColumns, dailyUsageRows, memberColumns, memberRow, playColumns, playRow, playTombstone, recheckColumns, sessionColumns, sessionRow,
  sessionTombstone, videoViewColumns, videoViewRow, viewTombstone,
} from './derived-rows.ts';
import { loadDayFigures, loadSessionSpans, loadWindows, type LoadedRows, type OldSpan, type RawRows, type UserWindow } from './load.ts';
import { derivationInstant, derivationRows, rawRowsByTable, usageWarehouseEvents, type UsageWarehouseEvent } from './raw-rows.ts';
import { defaultTimeZone, postgresReferenceData, type ReferenceData } from './reference.ts';
import { createWarehouseTables, rawTableKeys, warehouseTables, type WarehouseTables } from './tables.ts';
import { closeRegion, overlaps, widerWindowIfNeeded, type Span } from './windows.ts';

// The usage warehouse of one rules version (DOMAIN.md sections 3 and 5). Per batch:
// 1. the touched users and instants, plus users whose open session's recheck time has passed;
// 2. derivation rounds: ONE query per table loads every touched user's window (raw rows that
//    earlier batches wrote, plus the batch's own rows from memory, and the previously derived
//    spans), the pure derivation runs per user, and users whose affected region reaches the edge
//    of their window go into the next round with a wider one (windows.ts);
// 3. ONE insert per raw table for all the batch's events, sent once the first round has loaded
//    (so the batch's rows are not read back) and written while the derivation runs;
// 4. ONE insert per derived table: new rows and tombstones, with the batch's log position as
//    derived_version, so replaying a batch writes the very same rows and a later batch wins.
// While the runner catches up (a rebuild, a restart after downtime) each batch writes only its raw
// rows and notes what it touched; at the end of the log, or after `maxDeferredEvents`, the noted
// users are derived once over everything they touched, in groups of about `derivationGroupEvents`
// events (steps 1-4 with nothing fresh). Deriving a user's day once instead of once per batch is
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

export interface DerivationProgress {
  usersDone: number;
  usersTotal: number;
}

export const usageWarehouseName = 'usage-warehouse';

export function createUsageWarehouseProjector(options: UsageWarehouseOptions) {
  const { version, rules } = options;
  const t = warehouseTables(version);
  const clock = options.clock ?? Date.now;
  const maxRounds = options.maxRounds ?? 6;
  const maxDeferredEvents = options.maxDeferredEvents ?? 2_000_000;
  const groupEvents = options.derivationGroupEvents ?? 300_000;
  let deferred = newDeferredRun();

  return warehouseProjector({
    name: usageWarehouseName,
    version,
    handles: usageWarehouseEvents,
    // Logins have a table of their own (login-log.ts).
    ignores: ['LoggedIn'],
    async setup(warehouse, context) {
      // The runner reads from the checkpoint again: a deferred run is replayed from its start.
      deferred = newDeferredRun();
      await createWarehouseTables(warehouse, version);
      if (options.seedFrom !== undefined && context && !context.starting) {
        const reference = options.reference ?? postgresReferenceData(context.sql);
        await seedFromRawTables({ warehouse, t, rules, reference, now: clock(), maxRounds }, context.sql, version, options.seedFrom, groupEvents, options.onDerivation);
      }
    },
    async apply(warehouse, events, context?: WarehouseContext) {
      const reference = options.reference ?? (context ? postgresReferenceData(context.sql) : undefined);
      if (!reference) throw new Error('the usage warehouse needs reference data: pass `reference` or run it with a Postgres context');
      const ctx: BatchContext = { warehouse, t, rules, reference, now: clock(), maxRounds };
      if (!context?.catchingUp && deferred.events === 0) return projectBatch(ctx, events);
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

interface BatchContext {
  warehouse: Warehouse;
  t: WarehouseTables;
  rules: UsageRules;
  reference: ReferenceData;
  now: number;
  maxRounds: number;
}

interface Touch {
  start: number;
  end: number;
  stopSessionIds: Set<string>;
  /** events noted, to size the groups a deferred run derives together */
  events: number;
}

/** Batches whose raw rows are written but whose derivation waits for the end of the catch-up. */
interface DeferredRun {
  touched: Map<number, Touch>;
  events: number;
  last: LogPosition | null;
}

function newDeferredRun(): DeferredRun {
  return { touched: new Map(), events: 0, last: null };
}

/** UInt128 version that orders like log positions (tx, then seq). */
const versionOf = (p: LogPosition) => ((BigInt(p.tx) << 64n) | BigInt(p.seq)).toString();

function touch(touched: Map<number, Touch>, userId: number, at: number): Touch {
  const seen = touched.get(userId);
  if (!seen) {
    const fresh = { start: at, end: at, stopSessionIds: new Set<string>(), events: 1 };
    touched.set(userId, fresh);
    return fresh;
  }
  if (at < seen.start) seen.start = at;
  if (at > seen.end) seen.end = at;
  seen.events += 1;
  return seen;
}

function noteTouches(touched: Map<number, Touch>, events: readonly UsageWarehouseEvent[]): void {
  for (const e of events) {
    const at = derivationInstant(e);
    if (at === null) continue;
    const seen = touch(touched, e.data.userId, at);
    if (e.type === 'UsageSessionStopped' && e.data.sessionId) seen.stopSessionIds.add(e.data.sessionId);
  }
}

const insertRawRows = (ctx: BatchContext, events: readonly UsageWarehouseEvent[]) =>
  Promise.all([...rawRowsByTable(events, ctx.t)].map(([table, { columns, rows }]) => ctx.warehouse.insertCompact(table, columns, rows))).then(() => undefined);

/**
 * An open session ends when maxPause passes without a play: time alone changes it, so users whose
 * recheck time has passed are derived again (at their session's last activity).
 */
async function dueRechecks(ctx: BatchContext, touched: Map<number, Touch>): Promise<{ userId: number; at: number }[]> {
  const due = await ctx.warehouse.query<{ userId: number; at: number }>(
    `SELECT user_id AS userId, toUnixTimestamp64Milli(recheck_at) AS at FROM ${ctx.t.rechecks} FINAL WHERE recheck_at <= '${toClickHouseTime(new Date(ctx.now))}'`,
  );
  for (const d of due) touch(touched, d.userId, d.at - (ctx.rules.maxPauseSeconds * 1000 + 1));
  return due;
}

async function projectBatch(ctx: BatchContext, events: readonly UsageWarehouseEvent[]): Promise<void> {
  // The raw rows go in after the first round has loaded its windows: the derivation takes the
  // batch's own rows from memory, so the tables give back only what earlier batches wrote.
  let rawInserted: Promise<void> | undefined;
  const insertRaw = () => (rawInserted ??= insertRawRows(ctx, events));
  const touched = new Map<number, Touch>();
  noteTouches(touched, events);
  const due = await dueRechecks(ctx, touched);
  if (touched.size === 0) return insertRaw();
  await deriveTouched(ctx, touched, versionOf(events.at(-1)!.position), due, { fresh: derivationRows(events), loaded: insertRaw });
  await insertRaw();
}

/**
 * The users a deferred run touched, derived in groups of about `groupEvents` events, two groups at
 * a time: while one waits for ClickHouse (loading, writing), the other derives on this thread.
 * Groups hold other users, so their rows never meet. Progress is told as groups finish.
 */
async function deriveDeferred(
  ctx: BatchContext,
  run: DeferredRun,
  groupEvents: number,
  onProgress?: (p: DerivationProgress | null) => void,
  derivedBefore = true,
): Promise<void> {
  if (run.last === null) return;
  const version = versionOf(run.last);
  const due = await dueRechecks(ctx, run.touched);
  const groups: Map<number, Touch>[] = [];
  let size = 0;
  for (const [userId, touched] of [...run.touched].sort(([a], [b]) => a - b)) {
    if (groups.length === 0 || (size > 0 && size + touched.events > groupEvents)) {
      groups.push(new Map());
      size = 0;
    }
    groups.at(-1)!.set(userId, touched);
    size += touched.events;
  }
  const progress = { usersDone: 0, usersTotal: run.touched.size };
  let next = 0;
  const worker = async () => {
    for (let group = groups[next++]; group; group = groups[next++]) {
      await deriveTouched(ctx, group, version, due.filter((d) => group!.has(d.userId)), { derivedBefore });
      progress.usersDone += group.size;
      onProgress?.({ ...progress });
    }
  };
  try {
    onProgress?.({ ...progress });
    await Promise.all([worker(), worker()]);
  } finally {
    onProgress?.(null);
  }
}

/**
 * Copies `from`'s raw tables and derives every user once, then moves this version's checkpoint to
 * where `from`'s stood before the copy: its raw tables hold every event up to there (a checkpoint
 * moves only after the raw insert). Rows beyond it come again from the log; the derivation drops
 * repeated facts. Done only while this version has not started; a seed cut short starts again.
 */
async function seedFromRawTables(
  ctx: BatchContext,
  sql: Sql,
  version: number,
  from: number,
  groupEvents: number,
  onProgress?: (p: DerivationProgress | null) => void,
): Promise<void> {
  const own = await readCheckpoint(sql, usageWarehouseName, version);
  if (own.eventsProcessed > 0 || own.position.tx !== LOG_START.tx || own.position.seq !== LOG_START.seq) return;
  const source = await readCheckpoint(sql, usageWarehouseName, from);
  if (source.eventsProcessed === 0) return;
  const { warehouse, t } = ctx;
  const s = warehouseTables(from);
  for (const name of Object.values(t)) await warehouse.exec(`TRUNCATE TABLE ${name}`);
  await Promise.all(rawTableKeys.map((key) => warehouse.exec(`INSERT INTO ${t[key]} SELECT * FROM ${s[key]}`)));
  const users = await warehouse.query<{ userId: number; start: number; end: number; events: number }>(
    `SELECT user_id AS userId, toUnixTimestamp64Milli(min(client_time)) AS start, toUnixTimestamp64Milli(max(client_time)) AS end, count() AS events
       FROM (${[t.playSamples, t.videoActions, t.sessionStarts, t.sessionStops].map((table) => `SELECT user_id, client_time FROM ${table}`).join(' UNION ALL ')})
      GROUP BY user_id`,
  );
  const run: DeferredRun = {
    touched: new Map(users.map((u) => [u.userId, { start: u.start, end: u.end, stopSessionIds: new Set<string>(), events: u.events }])),
    events: users.reduce((n, u) => n + u.events, 0),
    last: source.position,
  };
  await deriveDeferred(ctx, run, groupEvents, onProgress, false);
  await advanceCheckpoint(sql, usageWarehouseName, version, LOG_START, source.position, source.eventsProcessed);
}

/**
 * Derives the touched users again around what they touched and writes the rows that changed.
 * `fresh`: raw rows not in the tables yet; `loaded` is called once the first round has read the
 * tables; `derivedBefore: false` when this version has derived nothing yet (nothing old to replace).
 */
async function deriveTouched(
  ctx: BatchContext,
  touched: Map<number, Touch>,
  version: string,
  due: readonly { userId: number; at: number }[],
  options: { fresh?: RawRows; loaded?: () => Promise<void>; derivedBefore?: boolean } = {},
): Promise<void> {
  const { fresh, loaded, derivedBefore = true } = options;
  const { warehouse, t, rules } = ctx;
  const gapMs = rules.maxPauseSeconds * 1000 + 1;
  const zones = await ctx.reference.timeZones([...touched.keys()]);
  const out = new DerivedRows(version);
  // Room beyond the core (itself touched +- maxPause) for a neighbour's own maxPause, and some slack.
  const marginMs = gapMs + 1000;
  const cores: UserWindow[] = [...touched].map(([userId, s]) => ({ userId, start: s.start - gapMs, end: s.end + gapMs, stopSessionIds: [...s.stopSessionIds] }));
  // Sessions already derived around the touched instants (or named by a stop) may reach far: start
  // the windows where they start, so the first round usually suffices.
  const known = derivedBefore ? await loadSessionSpans(warehouse, t, cores) : [];
  let windows = cores.map((core) => {
    const reach = known.filter((s) => s.userId === core.userId).reduce<Span>((r, s) => ({ start: Math.min(r.start, s.start), end: Math.max(r.end, s.end) }), core);
    return { ...core, start: reach.start - marginMs, end: reach.end + marginMs };
  });
  for (let round = 1; windows.length > 0; round++) {
    const rows = await loadWindows(warehouse, t, windows, fresh, derivedBefore);
    // Written while the derivation runs (ClickHouse on its threads, the derivation on this one).
    void loaded?.().catch(() => undefined);
    const byUser = groupByUser(rows);
    const catalogue = await ctx.reference.catalogue(
      [...new Set(rows.samples.filter((s) => s.itemType === 'Audio').map((s) => s.audioFileId))],
      [...new Set(rows.samples.flatMap((s) => (s.categoryId === null ? [] : [s.categoryId])))],
    );
    const next: UserWindow[] = [];
    for (const window of windows) {
      const own = byUser(window.userId);
      const derived = deriveUserUsage(
        { userId: window.userId, now: ctx.now, samples: own.samples, sessionStarts: own.starts, sessionStops: own.stops, videoActions: own.videoActions, catalogue },
        rules,
        zones.get(window.userId) ?? defaultTimeZone,
      );
      const touchedSpan = touched.get(window.userId)!;
      const core = { start: touchedSpan.start - gapMs, end: touchedSpan.end + gapMs };
      const newSessions = derived.sessions.map((s) => ({ session: s, span: { start: s.start, end: activityEnd(s, derived.plays) } }));
      const named = own.oldSessions.filter((s) => window.stopSessionIds.includes(s.id));
      const region = closeRegion(
        named.reduce((r, s) => ({ start: Math.min(r.start, s.start), end: Math.max(r.end, s.end) }), core),
        [...newSessions.map((s) => s.span), ...own.oldSessions, ...own.oldPlays, ...own.oldViews, ...derived.videoViews],
      );
      // An explicit session whose start lies outside owns plays inside; harmless once it ends well before the region.
      const explicitAtEdge = own.oldSessions.filter((s) => s.kind === 'explicit' && s.start < window.start + gapMs && s.end + gapMs >= region.start);
      const wider = widerWindowIfNeeded(window, region, explicitAtEdge, gapMs, marginMs);
      if (wider && round < ctx.maxRounds) {
        next.push({ ...window, ...wider });
        continue;
      }
      out.replace(window.userId, region, derived, newSessions, own);
    }
    windows = next;
  }
  await loaded?.();
  await out.write(ctx, due);
}

function groupByUser(loaded: LoadedRows) {
  const index = <T extends { userId: number }>(rows: readonly T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const list = map.get(row.userId);
      if (list) list.push(row);
      else map.set(row.userId, [row]);
    }
    return (userId: number) => map.get(userId) ?? [];
  };
  const samples = index(loaded.samples);
  const videoActions = index(loaded.videoActions);
  const starts = index(loaded.starts);
  const stops = index(loaded.stops);
  const oldSessions = index(loaded.oldSessions);
  const oldPlays = index(loaded.oldPlays);
  const oldViews = index(loaded.oldViews);
  return (userId: number) => ({
    samples: samples(userId),
    videoActions: videoActions(userId),
    starts: starts(userId),
    stops: stops(userId),
    oldSessions: oldSessions(userId),
    oldPlays: oldPlays(userId),
    oldViews: oldViews(userId),
  });
}

/** The rows of one batch, collected over every user and round, written with ONE insert per table. */
class DerivedRows {
  readonly sessions: unknown[][] = [];
  readonly plays: unknown[][] = [];
  readonly views: unknown[][] = [];
  readonly participants: unknown[][] = [];
  readonly activities: unknown[][] = [];
  readonly rechecks: unknown[][] = [];
  /** (user, day) whose daily usage is computed again once the sessions are written */
  readonly days = new Map<number, Set<string>>();

  constructor(private readonly version: string) {}

  replace(
    userId: number,
    region: Span,
    derived: UserUsage,
    newSessions: { session: UserUsage['sessions'][number]; span: Span }[],
    old: { oldSessions: OldSpan[]; oldPlays: OldSpan[]; oldViews: OldSpan[] },
  ): void {
    const v = this.version;
    const days = this.days.get(userId) ?? new Set<string>();
    this.days.set(userId, days);
    const written = newSessions.filter((s) => overlaps(s.span, region));
    const writtenIds = new Map(written.map((s) => [s.session.sessionId, s.session]));
    for (const { session, span } of written) {
      this.sessions.push(sessionRow(session, span.end, v));
      days.add(session.day);
      for (const id of session.residentIds) this.participants.push(memberRow(userId, session.sessionId, session.day, id, v, false));
      for (const id of session.activityIds) this.activities.push(memberRow(userId, session.sessionId, session.day, id, v, false));
    }
    for (const o of old.oldSessions) {
      if (!overlaps(o, region)) continue;
      const now = writtenIds.get(o.id);
      if (o.day) days.add(o.day);
      if (!now) this.sessions.push(sessionTombstone(o, v));
      for (const id of o.residentIds ?? []) if (!now?.residentIds.includes(id)) this.participants.push(memberRow(userId, o.id, o.day ?? '1970-01-01', id, v, true));
      for (const id of o.activityIds ?? []) if (!now?.activityIds.includes(id)) this.activities.push(memberRow(userId, o.id, o.day ?? '1970-01-01', id, v, true));
    }
    const playIds = new Set<string>();
    for (const p of derived.plays) {
      if (!writtenIds.has(p.sessionId)) continue;
      playIds.add(p.playId);
      this.plays.push(playRow(p, v));
    }
    for (const o of old.oldPlays) if (overlaps(o, region) && !playIds.has(o.id)) this.plays.push(playTombstone(o, v));
    const viewIds = new Set<string>();
    for (const view of derived.videoViews) {
      if (!overlaps(view, region)) continue;
      viewIds.add(view.viewId);
      this.views.push(videoViewRow(view, v));
    }
    for (const o of old.oldViews) if (overlaps(o, region) && !viewIds.has(o.id)) this.views.push(viewTombstone(o, v));
    if (derived.recheckAt !== null) {
      this.rechecks.push([userId, toClickHouseTime(new Date(derived.recheckAt)), v, 0]);
    }
  }

  async write(ctx: BatchContext, due: readonly { userId: number; at: number }[]): Promise<void> {
    const { warehouse, t } = ctx;
    // Rechecks done in this batch are tombstoned unless the derivation asked for the same one again.
    const again = new Set(this.rechecks.map(([userId, at]) => `${String(userId)}|${String(at)}`));
    for (const d of due) {
      const at = toClickHouseTime(new Date(d.at));
      if (!again.has(`${d.userId}|${at}`)) this.rechecks.push([d.userId, at, this.version, 1]);
    }
    await Promise.all([
      warehouse.insertCompact(t.sessions, sessionColumns, this.sessions),
      warehouse.insertCompact(t.plays, playColumns, this.plays),
      warehouse.insertCompact(t.sessionParticipants, memberColumns('resident_id'), this.participants),
      warehouse.insertCompact(t.sessionActivities, memberColumns('activity_id'), this.activities),
      warehouse.insertCompact(t.videoViews, videoViewColumns, this.views),
      warehouse.insertCompact(t.rechecks, recheckColumns, this.rechecks),
    ]);
    // Daily figures read the sessions table itself: a window rarely covers whole days.
    const days = new Map([...this.days].filter(([, set]) => set.size > 0));
    const figures = await loadDayFigures(warehouse, t, days);
    await warehouse.insertCompact(t.dailyUsage, dailyUsageColumns, dailyUsageRows(days, figures, this.version));
  }
}
