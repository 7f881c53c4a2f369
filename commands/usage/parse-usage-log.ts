import { LRUCache } from 'lru-cache';
import { seesMessageItem } from '../../domain/messages/message-access.ts';
import { validationError } from '../../infra/errors.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { ValidationIssue } from '../../schemas/api/errors.ts';
import { UsageLogData } from '../../schemas/api/usage-log.ts';

// Checks a usage log before anything of it is stored. Every failing field is named from the
// body down (`data.playLog.3.playPosition`), and one bad sample refuses the whole post: the
// browser keeps the post and the log stays free of facts the reports would have to explain away.

/** Client clocks drift, but not by more than this; a later time is a broken clock. */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;
/** Browsers buffer offline for days; a sample older than this is a broken clock or a replayed archive. */
export const MAX_SAMPLE_AGE_MS = 400 * 24 * 3600_000;

const prefixed = (path: readonly PropertyKey[]) => ['data', ...path.map(String)].join('.');

/** JSON and shape of `data`; throws ValidationError naming `data` or the failing fields inside it. */
export function parseUsageLog(data: string): UsageLogData {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw validationError([{ path: 'data', message: 'data is not valid JSON' }]);
  }
  const parsed = UsageLogData.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ path: prefixed(issue.path), message: issue.message })));
  return parsed.data;
}

/** The client times of a log, with the path of each. */
function timesOf(log: UsageLogData): { path: string; time: string }[] {
  switch (log.page) {
    case 'player':
      return log.playLog.map((item, i) => ({ path: `data.playLog.${i}.time`, time: item.time }));
    case 'videoPlayAction':
      return log.videoLog.map((item, i) => ({ path: `data.videoLog.${i}.time`, time: item.time }));
    default:
      return [{ path: 'data.time', time: log.time }];
  }
}

export function checkClientTimes(log: UsageLogData, now: Date): ValidationIssue[] {
  return timesOf(log).flatMap(({ path, time }) => {
    const ms = new Date(time).getTime();
    if (ms > now.getTime() + MAX_CLOCK_AHEAD_MS) return [{ path, message: 'Time is in the future' }];
    if (ms < now.getTime() - MAX_SAMPLE_AGE_MS) return [{ path, message: 'Time is too far in the past' }];
    return [];
  });
}

type IdTable = 'audio_files' | 'files';

/**
 * Ids found in a table lately, per database. Every player post asks about the few files playing,
 * and at thousands of samples a second that one query was a sixth of the server's statements
 * (issue 21 item 5). Rows of these tables are never deleted (a file is deactivated), so a found id
 * stays right; the expiry only bounds how long one would be believed if that ever changed.
 */
const foundIds = new WeakMap<Queryable, LRUCache<string, true>>();
const FOUND_ID_TTL_MS = 5 * 60_000;

/** The entries whose id is no row of `table`: at most one query for the whole log. */
async function unknownIds<T extends { id: number }>(sql: Queryable, table: IdTable, entries: readonly T[]): Promise<T[]> {
  let found = foundIds.get(sql);
  if (!found) foundIds.set(sql, (found = new LRUCache({ max: 20_000, ttl: FOUND_ID_TTL_MS })));
  const unsure = [...new Set(entries.map((e) => e.id))].filter((id) => !found.has(`${table}:${id}`));
  if (unsure.length > 0) {
    const rows = await sql.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::bigint[])`, [unsure]);
    for (const row of rows) found.set(`${table}:${Number(row.id)}`, true);
  }
  return entries.filter((e) => !found.has(`${table}:${e.id}`));
}

/**
 * Ids must name what they claim to (audio files of a player log, files of a video log, the message
 * item of a click): a fact about nothing can never be attributed in a report. Samples of other item
 * types (message, game, image, video) carry ids of other spaces and are not checked.
 */
export async function checkReferences(sql: Queryable, userId: number, log: UsageLogData): Promise<ValidationIssue[]> {
  if (log.page === 'player') {
    const audio = log.playLog.flatMap((item, i) => ((item.playLogItemType ?? 'Audio') === 'Audio' ? [{ i, id: item.audioFileId }] : []));
    return (await unknownIds(sql, 'audio_files', audio)).map((a) => ({ path: `data.playLog.${a.i}.audioFileId`, message: 'Unknown audio file' }));
  }
  if (log.page === 'videoPlayAction') {
    const videos = log.videoLog.map((item, i) => ({ i, id: item.fileId }));
    return (await unknownIds(sql, 'files', videos)).map((v) => ({ path: `data.videoLog.${v.i}.fileId`, message: 'Unknown file' }));
  }
  if (log.page === 'messageItem') {
    // Only items of messages the user sees: an open of another's item would count as theirs.
    return (await seesMessageItem(sql, userId, log.messageItemId)) ? [] : [{ path: 'data.messageItemId', message: 'Unknown message item' }];
  }
  if (log.page === 'startSession') {
    // Participants and activities are the unit's own (spec 3 section 3: residents and activities have a userId).
    const [row] = await sql.query<{ residents: number[] | null; activities: number[] | null }>(
      `SELECT (SELECT array_agg(id) FROM residents WHERE user_id = $1 AND id = ANY($2::bigint[])) AS residents,
              (SELECT array_agg(id) FROM activities WHERE user_id = $1 AND id = ANY($3::bigint[])) AS activities`,
      [userId, log.residentIds, log.params.activityIds],
    );
    const residents = new Set((row?.residents ?? []).map(Number));
    const activities = new Set((row?.activities ?? []).map(Number));
    return [
      ...log.residentIds.flatMap((id, i) => (residents.has(id) ? [] : [{ path: `data.residentIds.${i}`, message: 'Unknown resident' }])),
      ...log.params.activityIds.flatMap((id, i) => (activities.has(id) ? [] : [{ path: `data.params.activityIds.${i}`, message: 'Unknown activity' }])),
    ];
  }
  return [];
}
