import type { Play, Session, VideoView } from './derivation/types.ts';
import type { OldSpan } from './load.ts';

// Derivation output to rows of the derived tables. Every row carries the batch's derived_version;
// a tombstone is the row's key with is_deleted = 1, which FINAL hides.

/**
 * The last instant a session or one of its plays covers: its end, or while it is open its last
 * play's end; later if a play started before a stop runs on past it. What a late event must
 * overlap to change the session (stored as `activity_end`).
 */
export function activityEnds(sessions: readonly Session[], plays: readonly Play[]): Map<string, number> {
  const ends = new Map(sessions.map((s) => [s.sessionId, s.end ?? s.start]));
  for (const p of plays) {
    const end = ends.get(p.sessionId);
    if (end !== undefined && p.end > end) ends.set(p.sessionId, p.end);
  }
  return ends;
}

// Positional rows (JSONCompactEachRow) in the order of each table's columns below. A tombstone
// fills the columns it does not know with neutral values: FINAL hides it, and nothing reads them.
// Instants go in as epoch milliseconds: ClickHouse reads an integer as the ticks of a
// DateTime64(3) (https://clickhouse.com/docs/sql-reference/data-types/datetime64), which spares
// every derived row the text of its instants, and ClickHouse their parsing.

export const sessionColumns = [
  'user_id', 'session_id', 'kind', 'day', 'start_time', 'end_time', 'activity_end', 'length', 'closed_by', 'resident_ids', 'activity_ids',
  'outdoors', 'short', 'with_participants', 'play_count', 'guided_seconds', 'continuous_music_seconds', 'continuous_programs_seconds',
  'other_seconds', 'derived_version', 'is_deleted',
] as const;

export function sessionRow(s: Session, end: number, version: string): unknown[] {
  return [
    s.userId, s.sessionId, s.kind, s.day, s.start, s.end, end, s.length, s.closedBy, s.residentIds,
    s.activityIds, s.outdoors, s.short, s.residentIds.length > 0, s.playCount, s.guidedSeconds, s.continuousMusicSeconds,
    s.continuousProgramsSeconds, s.otherSeconds, version, 0,
  ];
}

export const playColumns = [
  'user_id', 'play_id', 'session_id', 'session_kind', 'session_day', 'day', 'start_time', 'end_time', 'length', 'pause_inside', 'pause_before',
  'possible_length', 'item_type', 'audio_file_id', 'file_type', 'play_source', 'manual_start', 'category_id', 'content_type', 'usage_type',
  'sample_count', 'derived_version', 'is_deleted',
] as const;

export function playRow(p: Play, version: string): unknown[] {
  return [
    p.userId, p.playId, p.sessionId, p.sessionKind, p.sessionDay, p.day, p.start, p.end, p.length, p.pauseInside, p.pauseBefore,
    p.possibleLength, p.itemType, p.audioFileId, p.fileType, p.playSource, p.manualStart, p.categoryId, p.contentType, p.usageType,
    p.sampleCount, version, 0,
  ];
}

export const videoViewColumns = [
  'user_id', 'view_id', 'file_id', 'file_name', 'player_id', 'play_source', 'start_time', 'end_time', 'day', 'time', 'play_time', 'pause_time',
  'video_length', 'derived_version', 'is_deleted',
] as const;

export function videoViewRow(v: VideoView, version: string): unknown[] {
  return [
    v.userId, v.viewId, v.fileId, v.fileName, v.playerId, v.playSource, v.start, v.end, v.day, v.time, v.playTime, v.pauseTime,
    v.videoLength, version, 0,
  ];
}

const noSession = '00000000-0000-0000-0000-000000000000';
const noDay = '1970-01-01';

/** A tombstone keeps the key and the spans (so windows still find it until merged away). */
export const sessionTombstone = (old: OldSpan, version: string): unknown[] => [
  old.userId, old.id, old.kind ?? 'implicit', old.day ?? noDay, old.start, null, old.end, null, null, [], [],
  false, false, false, 0, 0, 0, 0, 0, version, 1,
];
export const playTombstone = (old: OldSpan, version: string): unknown[] => [
  old.userId, old.id, noSession, 'implicit', noDay, noDay, old.start, old.end, 0, 0, 0,
  null, '', 0, null, null, false, null, null, '', 0, version, 1,
];
export const viewTombstone = (old: OldSpan, version: string): unknown[] => [
  old.userId, old.id, 0, '', '', null, old.start, old.end, old.day ?? noDay, '', 0, 0, 0, version, 1,
];

export const memberColumns = (column: 'resident_id' | 'activity_id') => ['user_id', 'session_id', column, 'day', 'derived_version', 'is_deleted'] as const;

export const memberRow = (userId: number, sessionId: string, day: string, id: number, version: string, deleted: boolean): unknown[] => [
  userId, sessionId, id, day, version, deleted ? 1 : 0,
];

export const recheckColumns = ['user_id', 'recheck_at', 'derived_version', 'is_deleted'] as const;
