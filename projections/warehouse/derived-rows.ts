import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import type { Play, Session, VideoView } from './derivation/types.ts';
import { usageTypes } from './derivation/types.ts';
import type { DayFigures, OldSpan } from './load.ts';

// Derivation output to rows of the derived tables. Every row carries the batch's derived_version;
// a tombstone is the row's key with is_deleted = 1, which FINAL hides.

const time = (ms: number) => toClickHouseTime(new Date(ms));

/** The last instant a session covers: its end, or while it is open its last play's end. */
export function activityEnd(session: Session, plays: readonly Play[]): number {
  if (session.end !== null) return session.end;
  let end = session.start;
  for (const p of plays) if (p.sessionId === session.sessionId) end = Math.max(end, p.end);
  return end;
}

export function sessionRow(s: Session, end: number, version: string) {
  return {
    user_id: s.userId,
    session_id: s.sessionId,
    kind: s.kind,
    day: s.day,
    start_time: time(s.start),
    end_time: s.end === null ? null : time(s.end),
    activity_end: time(end),
    length: s.length,
    closed_by: s.closedBy,
    resident_ids: s.residentIds,
    activity_ids: s.activityIds,
    outdoors: s.outdoors,
    short: s.short,
    with_participants: s.residentIds.length > 0,
    play_count: s.playCount,
    guided_seconds: s.guidedSeconds,
    continuous_music_seconds: s.continuousMusicSeconds,
    continuous_programs_seconds: s.continuousProgramsSeconds,
    other_seconds: s.otherSeconds,
    derived_version: version,
    is_deleted: 0,
  };
}

export function playRow(p: Play, version: string) {
  return {
    user_id: p.userId,
    play_id: p.playId,
    session_id: p.sessionId,
    session_kind: p.sessionKind,
    session_day: p.sessionDay,
    day: p.day,
    start_time: time(p.start),
    end_time: time(p.end),
    length: p.length,
    pause_inside: p.pauseInside,
    pause_before: p.pauseBefore,
    possible_length: p.possibleLength,
    item_type: p.itemType,
    audio_file_id: p.audioFileId,
    file_type: p.fileType,
    play_source: p.playSource,
    manual_start: p.manualStart,
    category_id: p.categoryId,
    content_type: p.contentType,
    usage_type: p.usageType,
    sample_count: p.sampleCount,
    derived_version: version,
    is_deleted: 0,
  };
}

export function videoViewRow(v: VideoView, version: string) {
  return {
    user_id: v.userId,
    view_id: v.viewId,
    file_id: v.fileId,
    file_name: v.fileName,
    player_id: v.playerId,
    play_source: v.playSource,
    start_time: time(v.start),
    end_time: time(v.end),
    day: v.day,
    time: v.time,
    play_time: v.playTime,
    pause_time: v.pauseTime,
    video_length: v.videoLength,
    derived_version: version,
    is_deleted: 0,
  };
}

/** A tombstone keeps the key and the spans (so windows still find it until merged away). */
export const sessionTombstone = (old: OldSpan, version: string) => ({
  user_id: old.userId,
  session_id: old.id,
  kind: old.kind ?? 'implicit',
  day: old.day ?? '1970-01-01',
  start_time: time(old.start),
  activity_end: time(old.end),
  derived_version: version,
  is_deleted: 1,
});
export const playTombstone = (old: OldSpan, version: string) => ({
  user_id: old.userId,
  play_id: old.id,
  start_time: time(old.start),
  end_time: time(old.end),
  derived_version: version,
  is_deleted: 1,
});
export const viewTombstone = (old: OldSpan, version: string) => ({
  user_id: old.userId,
  view_id: old.id,
  day: old.day ?? '1970-01-01',
  start_time: time(old.start),
  end_time: time(old.end),
  derived_version: version,
  is_deleted: 1,
});

export const memberRow = (userId: number, sessionId: string, day: string, column: 'resident_id' | 'activity_id', id: number, version: string, deleted: boolean) => ({
  user_id: userId,
  session_id: sessionId,
  [column]: id,
  day,
  derived_version: version,
  is_deleted: deleted ? 1 : 0,
});

/**
 * Rows of daily_usage for every (user, day) asked about: 'Total' (counted session lengths and
 * counts) and one row per usage type; a day or type without counted sessions gets a tombstone,
 * which also removes what an earlier derivation wrote for it.
 */
export function dailyUsageRows(asked: ReadonlyMap<number, ReadonlySet<string>>, figures: readonly DayFigures[], version: string) {
  const byKey = new Map(figures.map((f) => [`${f.userId}|${f.day}`, f]));
  const rows: object[] = [];
  for (const [userId, days] of asked) {
    for (const day of days) {
      const f = byKey.get(`${userId}|${day}`);
      const perType: Record<string, [number, number, number]> = {
        Total: [f?.total ?? 0, f?.sessions ?? 0, f?.withParticipants ?? 0],
        GuidedUsage: [f?.guided ?? 0, f?.guidedSessions ?? 0, f?.guidedWith ?? 0],
        ContinuousMusic: [f?.music ?? 0, f?.musicSessions ?? 0, f?.musicWith ?? 0],
        ContinuousPrograms: [f?.programs ?? 0, f?.programsSessions ?? 0, f?.programsWith ?? 0],
        OtherUsage: [f?.other ?? 0, f?.otherSessions ?? 0, f?.otherWith ?? 0],
      };
      for (const usageType of ['Total', ...usageTypes]) {
        const [seconds, sessions, withParticipants] = perType[usageType]!;
        rows.push({
          user_id: userId,
          day,
          usage_type: usageType,
          seconds: Number(seconds),
          sessions: Number(sessions),
          sessions_with_participants: Number(withParticipants),
          derived_version: version,
          is_deleted: Number(sessions) === 0 ? 1 : 0,
        });
      }
    }
  }
  return rows;
}
