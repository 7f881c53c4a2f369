import { toClickHouseTime, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { PlaySampleRow, SessionStartRow, SessionStopRow, VideoActionRow } from './derivation/types.ts';
import type { Span } from './windows.ts';
import type { WarehouseTables } from './tables.ts';

// ONE query per table for every user of a derivation round: each user's own window is a term of
// one OR (user ids and instants are numbers we produce, so inlining them is safe).

export interface UserWindow extends Span {
  userId: number;
}

export interface OldSpan extends Span {
  userId: number;
  id: string;
  kind?: string;
  day?: string;
  residentIds?: number[];
  activityIds?: number[];
}

export interface LoadedRows {
  samples: (PlaySampleRow & { userId: number })[];
  videoActions: (VideoActionRow & { userId: number })[];
  starts: (SessionStartRow & { userId: number })[];
  stops: (SessionStopRow & { userId: number })[];
  oldSessions: OldSpan[];
  oldPlays: OldSpan[];
  oldViews: OldSpan[];
}

const at = (ms: number) => `'${toClickHouseTime(new Date(ms))}'`;
const ms = (column: string) => `toUnixTimestamp64Milli(${column})`;

/**
 * Windows close in time share one term `user_id IN (...) AND column BETWEEN ...`: a long OR of one
 * term per user makes ClickHouse's index analysis slow. But every user of a term loads the term's
 * whole span, so a term takes a window only while its span stays within `spanFactor` times its
 * longest window: units whose windows lie an hour apart (the bench's load units; offline logs of
 * other days) chained into one term of 40 hours and loaded 25 times the rows they needed (issue 21
 * item 5). Windows of live play lie around now and still make one term. Beyond `maxTerms` terms
 * (a catch-up of many users spread over time) windows within `groupSlackMs` share one term again,
 * whatever its span. Rows a term loads beyond a user's own window are dropped in TS
 * (`inOwnWindow`), so the result is the same either way.
 */
export function groups(windows: readonly UserWindow[]): { users: number[]; start: number; end: number }[] {
  const tight = grouped(windows, spanFactor);
  return tight.length <= maxTerms ? tight : grouped(windows, Number.POSITIVE_INFINITY);
}
const groupSlackMs = 3_600_000;
const spanFactor = 2;
const maxTerms = 50;

function grouped(windows: readonly UserWindow[], factor: number): { users: number[]; start: number; end: number }[] {
  const sorted = [...windows].sort((a, b) => a.start - b.start);
  const result: { users: number[]; start: number; end: number; longest: number }[] = [];
  for (const w of sorted) {
    const last = result.at(-1);
    const longest = Math.max(last?.longest ?? 0, w.end - w.start);
    if (last && w.start <= last.end + groupSlackMs && Math.max(last.end, w.end) - last.start <= factor * longest) {
      last.users.push(w.userId);
      last.end = Math.max(last.end, w.end);
      last.longest = longest;
    } else result.push({ users: [w.userId], start: w.start, end: w.end, longest: w.end - w.start });
  }
  return result.map(({ users, start, end }) => ({ users, start, end }));
}

const inWindows = (windows: readonly UserWindow[], column: string) =>
  groups(windows).map((g) => `(user_id IN (${g.users.join(', ')}) AND ${column} >= ${at(g.start)} AND ${column} <= ${at(g.end)})`).join(' OR ');
const overlapping = (windows: readonly UserWindow[], start: string, end: string) =>
  groups(windows).map((g) => `(user_id IN (${g.users.join(', ')}) AND ${start} <= ${at(g.end)} AND ${end} >= ${at(g.start)})`).join(' OR ');

// Windows load many rows: they come back as positional rows (queryCompact) and are named here.
/** A SQL expression per field; optional fields may be left out. */
type Columns<T> = { readonly [K in keyof T]: string };

async function select<T>(warehouse: Warehouse, columns: Columns<T>, rest: string): Promise<T[]> {
  const keys = Object.keys(columns);
  const rows = await warehouse.queryCompact(`SELECT ${Object.values<string>(columns).join(', ')} ${rest}`);
  return rows.map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) object[keys[i]!] = row[i];
    return object as T;
  });
}

const head = { userId: 'user_id', eventId: 'toString(event_id)', clientTime: ms('client_time') } as const;
const sampleColumns: Columns<LoadedRows['samples'][number]> = {
  ...head, audioFileId: 'audio_file_id', position: 'position', playSource: 'play_source', itemType: 'item_type', categoryId: 'category_id', manualStart: 'manual_start',
};
const videoActionColumns: Columns<LoadedRows['videoActions'][number]> = {
  ...head, playerId: 'player_id', fileId: 'file_id', fileName: 'file_name', position: 'position', playSource: 'play_source', totalLength: 'total_length', action: 'action',
};
const startColumns: Columns<LoadedRows['starts'][number]> = {
  ...head, sessionId: 'toString(session_id)', residentIds: 'resident_ids', activityIds: 'activity_ids', outdoors: 'outdoors',
};
const stopColumns: Columns<LoadedRows['stops'][number]> = { ...head, sessionId: 'toString(session_id)' };
const span = { userId: 'user_id', start: ms('start_time') } as const;
const oldSessionColumns: Columns<OldSpan> = {
  ...span, id: 'toString(session_id)', kind: 'kind', day: 'toString(day)', end: ms('activity_end'), residentIds: 'resident_ids', activityIds: 'activity_ids',
};
const oldPlayColumns: Columns<OldSpan> = { ...span, id: 'toString(play_id)', end: ms('end_time') };
const oldViewColumns: Columns<OldSpan> = { ...span, id: 'toString(view_id)', day: 'toString(day)', end: ms('end_time') };

/** The raw rows a batch brings, as the derivation reads them (the same values the raw tables give back). */
export type RawRows = Pick<LoadedRows, 'samples' | 'videoActions' | 'starts' | 'stops'>;

/** Per user, a number given per user, as a ClickHouse expression of `user_id` (a hash lookup). */
const perUser = (values: ReadonlyMap<number, number>) =>
  `transform(user_id, [${[...values.keys()].join(', ')}], [${[...values.values()].map((v) => `toInt64(${v})`).join(', ')}], toInt64(0))`;

/**
 * Per user, the latest session start at or before the given instant (epoch ms): the start a stop
 * at that instant belongs to (DOMAIN.md section 3), wherever it lies. `fresh` starts count too.
 */
export async function loadLatestStarts(
  warehouse: Warehouse,
  t: WarehouseTables,
  at: ReadonlyMap<number, number>,
  fresh?: readonly (SessionStartRow & { userId: number })[],
): Promise<Map<number, number>> {
  const latest = new Map<number, number>();
  if (at.size === 0) return latest;
  const keep = (userId: number, time: number) => {
    if (time <= at.get(userId)! && time > (latest.get(userId) ?? Number.NEGATIVE_INFINITY)) latest.set(userId, time);
  };
  const rows = await warehouse.queryCompact(
    `SELECT user_id, ${ms('max(client_time)')} FROM ${t.sessionStarts}
      WHERE user_id IN (${[...at.keys()].join(', ')}) AND ${ms('client_time')} <= ${perUser(at)}
      GROUP BY user_id`,
  );
  for (const [userId, time] of rows) keep(Number(userId), Number(time));
  for (const s of fresh ?? []) if (at.has(s.userId)) keep(s.userId, s.clientTime);
  return latest;
}

/** Rows of `a` and then those of `b` whose event id `a` does not have: a batch's rows may be in the table already. */
function union<T extends { eventId: string }>(a: readonly T[], b: readonly T[]): T[] {
  if (b.length === 0) return [...a];
  const ids = new Set(a.map((r) => r.eventId));
  return [...a, ...b.filter((r) => !ids.has(r.eventId))];
}

/**
 * Every touched user's window: raw rows from the tables plus `fresh`, the batch's own rows (the
 * caller may load before inserting them, so they need not be read back), and the derived spans.
 */
export async function loadWindows(
  warehouse: Warehouse,
  t: WarehouseTables,
  windows: readonly UserWindow[],
  fresh?: RawRows,
  /** false when the derived tables are known to be empty (a version being seeded): nothing old to load */
  derivedBefore = true,
): Promise<LoadedRows> {
  const users = windows.map((w) => w.userId).join(', ');
  const own = new Map(windows.map((w) => [w.userId, w]));
  const inOwnWindow = (row: { userId: number; clientTime: number }) => {
    const w = own.get(row.userId);
    return w !== undefined && row.clientTime >= w.start && row.clientTime <= w.end;
  };
  const ends = new Map(windows.map((w) => [w.userId, w.end]));
  const afterEnd = `user_id IN (${users}) AND ${ms('client_time')} > ${perUser(ends)}`;
  const [samples, videoActions, starts, stops, stopsAfter, startsAfter, oldSessions, oldPlays, oldViews] = await Promise.all([
    select<LoadedRows['samples'][number]>(warehouse, sampleColumns, `FROM ${t.playSamples} WHERE ${inWindows(windows, 'client_time')}`),
    select<LoadedRows['videoActions'][number]>(warehouse, videoActionColumns, `FROM ${t.videoActions} WHERE ${inWindows(windows, 'client_time')}`),
    select<LoadedRows['starts'][number]>(warehouse, startColumns, `FROM ${t.sessionStarts} WHERE ${inWindows(windows, 'client_time')}`),
    select<LoadedRows['stops'][number]>(warehouse, stopColumns, `FROM ${t.sessionStops} WHERE ${inWindows(windows, 'client_time')}`),
    // The first stop and the first start after each window: a stop before any later start belongs
    // to the window's last start, however far beyond the window it lies.
    select<LoadedRows['stops'][number]>(
      warehouse,
      { userId: 'user_id', eventId: 'toString(argMin(event_id, client_time))', clientTime: ms('min(client_time)'), sessionId: 'toString(argMin(session_id, client_time))' },
      `FROM ${t.sessionStops} WHERE ${afterEnd} GROUP BY user_id`,
    ),
    select<{ userId: number; clientTime: number }>(warehouse, { userId: 'user_id', clientTime: ms('min(client_time)') }, `FROM ${t.sessionStarts} WHERE ${afterEnd} GROUP BY user_id`),
    derivedBefore ? select<OldSpan>(warehouse, oldSessionColumns, `FROM ${t.sessions} FINAL WHERE ${overlapping(windows, 'start_time', 'activity_end')}`) : [],
    derivedBefore ? select<OldSpan>(warehouse, oldPlayColumns, `FROM ${t.plays} FINAL WHERE ${overlapping(windows, 'start_time', 'end_time')}`) : [],
    derivedBefore ? select<OldSpan>(warehouse, oldViewColumns, `FROM ${t.videoViews} FINAL WHERE ${overlapping(windows, 'start_time', 'end_time')}`) : [],
  ]);
  const overlapsOwn = (row: OldSpan) => {
    const w = own.get(row.userId);
    return w !== undefined && row.start <= w.end && row.end >= w.start;
  };
  return {
    samples: union(samples, fresh?.samples ?? []).filter(inOwnWindow),
    videoActions: union(videoActions, fresh?.videoActions ?? []).filter(inOwnWindow),
    starts: union(starts, fresh?.starts ?? []).filter(inOwnWindow),
    stops: [...union(stops, fresh?.stops ?? []).filter(inOwnWindow), ...firstStopsBeyond(own, stopsAfter, startsAfter, fresh)],
    oldSessions: oldSessions.filter(overlapsOwn),
    oldPlays: oldPlays.filter(overlapsOwn),
    oldViews: oldViews.filter(overlapsOwn),
  };
}

/** Per window, its first stop beyond the end, unless a start comes first (then that start owns it). */
function firstStopsBeyond(
  windows: ReadonlyMap<number, UserWindow>,
  stopsAfter: readonly LoadedRows['stops'][number][],
  startsAfter: readonly { userId: number; clientTime: number }[],
  fresh?: RawRows,
): LoadedRows['stops'] {
  const firstStop = new Map<number, LoadedRows['stops'][number]>();
  const firstStart = new Map<number, number>();
  const beyond = (row: { userId: number; clientTime: number }) => {
    const w = windows.get(row.userId);
    return w !== undefined && row.clientTime > w.end;
  };
  for (const s of [...stopsAfter, ...(fresh?.stops ?? [])]) {
    const seen = firstStop.get(s.userId);
    if (beyond(s) && (!seen || s.clientTime < seen.clientTime)) firstStop.set(s.userId, s);
  }
  for (const s of [...startsAfter, ...(fresh?.starts ?? [])]) {
    if (beyond(s) && s.clientTime < (firstStart.get(s.userId) ?? Number.POSITIVE_INFINITY)) firstStart.set(s.userId, s.clientTime);
  }
  // At the same instant the start wins: a stop belongs to the latest start at or before it.
  return [...firstStop.values()].filter((s) => s.clientTime < (firstStart.get(s.userId) ?? Number.POSITIVE_INFINITY));
}

/** The derived sessions overlapping each window: where a window must really start and end. */
export async function loadSessionSpans(warehouse: Warehouse, t: WarehouseTables, windows: readonly UserWindow[]): Promise<OldSpan[]> {
  const own = new Map(windows.map((w) => [w.userId, w]));
  const rows = await warehouse.query<OldSpan>(
    `SELECT user_id AS userId, toString(session_id) AS id, kind, ${ms('start_time')} AS start, ${ms('activity_end')} AS end
       FROM ${t.sessions} FINAL WHERE ${overlapping(windows, 'start_time', 'activity_end')}`,
  );
  return rows.filter((s) => {
    const w = own.get(s.userId);
    return w !== undefined && s.start <= w.end && s.end >= w.start;
  });
}
