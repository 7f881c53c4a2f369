import { usageTypes } from '../../../schemas/api/usage-report-values.ts';
import type { UsageSession, UsageTotals, UsageType } from '../../../schemas/api/usage-report.ts';

// Pure shaping of the figures issue 22 added (spec 3 section 3) into what the report screens list:
// usage per play source and type, and a session's durations with names where the session knows them.

export interface UsagePerTypeRow {
  /** The play source ('None' when the play named none). */
  source: string;
  usageType: UsageType;
  plays: number;
  seconds: number;
}

const isUsageType = (value: string): value is UsageType => (usageTypes as readonly string[]).includes(value);

/**
 * usagePerType's `source/type` keys as rows, in the report's order of usage types, then by seconds
 * (largest first), then by source; a key the browser does not know is left out rather than guessed.
 */
export function usagePerTypeRows(usagePerType: UsageTotals['usagePerType']): UsagePerTypeRow[] {
  const rows: UsagePerTypeRow[] = [];
  for (const [key, value] of Object.entries(usagePerType)) {
    const slash = key.lastIndexOf('/');
    const usageType = key.slice(slash + 1);
    if (slash <= 0 || !isUsageType(usageType)) continue;
    rows.push({ source: key.slice(0, slash), usageType, plays: value.plays, seconds: value.seconds });
  }
  return rows.sort(
    (a, b) => usageTypes.indexOf(a.usageType) - usageTypes.indexOf(b.usageType) || b.seconds - a.seconds || a.source.localeCompare(b.source),
  );
}

export interface NamedDuration {
  id: number;
  /** A name the session's plays give it (audio files), else null: the id is shown. */
  name: string | null;
  seconds: number;
}

/** A session's `id -> seconds` record as rows, largest first, named from the session's own plays. */
export function namedDurations(record: Record<string, number>, names: ReadonlyMap<number, string> = new Map()): NamedDuration[] {
  return Object.entries(record)
    .map(([id, seconds]) => ({ id: Number(id), name: names.get(Number(id)) ?? null, seconds }))
    .sort((a, b) => b.seconds - a.seconds || a.id - b.id);
}

/** Audio file names of a session, from its plays. */
export function audioFileNamesOf(session: Pick<UsageSession, 'plays'>): Map<number, string> {
  return new Map(session.plays.filter((p) => p.itemType === 'Audio' && p.program !== null).map((p) => [p.audioFileId, p.program!]));
}

/** Whether a session has any of the figures the session detail lists (play lists, durations, clicks). */
export function hasSessionFigures(session: UsageSession): boolean {
  return (
    session.usageTypeInfo.length > 0 ||
    session.gamePlayList.length + session.audioFilePlayList.length + session.videoFilePlaylist.length > 0 ||
    Object.keys(session.messageDurations).length + Object.keys(session.messageClicks).length + Object.keys(session.categoryDurations).length > 0
  );
}
