import type { PlayItemType, PlaySource } from '../../../schemas/events/usage.ts';
import type { z } from 'zod';

// Input and output rows of the usage derivation (DOMAIN.md section 3). Conventions, chosen so the
// arithmetic is exact and the projector converts without guessing:
// - every instant is epoch milliseconds (number, UTC); the projector reads raw tables with
//   toUnixTimestamp64Milli(...) and writes with toClickHouseTime(new Date(ms));
// - every duration in an output row is seconds (number, millisecond precision, computed in integer
//   milliseconds so no floating-point drift depends on summation order);
// - `day` is the user's local calendar day 'YYYY-MM-DD', `time` the local wall time 'HH:mm:ss'.

export type PlaySourceName = z.infer<typeof PlaySource>;
export type ItemType = z.infer<typeof PlayItemType>;
export type UsageType = 'GuidedUsage' | 'ContinuousMusic' | 'ContinuousPrograms' | 'OtherUsage';
export const usageTypes: readonly UsageType[] = ['GuidedUsage', 'ContinuousMusic', 'ContinuousPrograms', 'OtherUsage'];

// ---- input ----------------------------------------------------------------------------------

/** One PlaySampled event as stored in the raw table. */
export interface PlaySampleRow {
  eventId: string;
  clientTime: number;
  audioFileId: number;
  /** seconds into the file */
  position: number;
  playSource: PlaySourceName | null;
  itemType: ItemType;
  categoryId: number | null;
  manualStart: boolean;
}

export interface SessionStartRow {
  eventId: string;
  clientTime: number;
  sessionId: string;
  residentIds: readonly number[];
  activityIds: readonly number[];
  outdoors: boolean;
}

export interface SessionStopRow {
  eventId: string;
  clientTime: number;
  /** null: "stop whatever session is open" (the browser lost the id) */
  sessionId: string | null;
}

export type VideoAction = 'play' | 'pause' | 'ended' | 'playing';

export interface VideoActionRow {
  eventId: string;
  clientTime: number;
  playerId: string;
  fileId: number;
  fileName: string;
  /** seconds into the video */
  position: number;
  playSource: PlaySourceName | null;
  /** seconds */
  totalLength: number;
  action: VideoAction;
}

export type AudioFileType = 'MusicPiece' | 'AudioProgram' | 'Other';

export interface CatalogueCategory {
  categoryId: number;
  contentType: string | null;
  /** the category's contentTypePriority: the highest wins when a play names no category */
  priority: number;
  /** the file's own order of its categories (audio_file_categories.priority): breaks ties; absent for a category looked up alone */
  filePriority?: number;
}

export interface CatalogueFile {
  type: AudioFileType;
  /** seconds; null when the library does not know it */
  lengthSeconds: number | null;
  categories: readonly CatalogueCategory[];
}

/** The content library as the derivation needs it; audio file ids only (itemType Audio). */
export interface FileCatalogue {
  files: ReadonlyMap<number, CatalogueFile>;
  categories: ReadonlyMap<number, CatalogueCategory>;
}

export interface UserUsageInput {
  userId: number;
  /**
   * The instant the derivation treats as "now", passed in (never read from the clock) so the
   * function stays pure. It only matters for an explicit session with no stop whose last play is
   * less than maxPauseSeconds old: such a session is still open (no end). The projector passes its
   * wall clock and re-derives the user-day again at `recheckAt` (see the output).
   */
  now: number;
  samples: readonly PlaySampleRow[];
  sessionStarts: readonly SessionStartRow[];
  sessionStops: readonly SessionStopRow[];
  videoActions: readonly VideoActionRow[];
  catalogue: FileCatalogue;
}

// ---- output ---------------------------------------------------------------------------------

export type SessionKind = 'explicit' | 'implicit';
/**
 * stop: a UsageSessionStopped; idle: maxPauseSeconds passed after the last play;
 * nextSession: the next explicit session started first; implicit: an implicit session, which
 * always ends at its last play's end; null: still open, or an explicit session with no play.
 */
export type ClosedBy = 'stop' | 'idle' | 'nextSession' | 'implicit' | null;

export interface Play {
  userId: number;
  playId: string;
  itemType: ItemType;
  audioFileId: number;
  fileType: AudioFileType | null;
  /** local day of the play's start */
  day: string;
  start: number;
  end: number;
  /** seconds listened */
  length: number;
  /** seconds: (end - start) - length */
  pauseInside: number;
  /** seconds: the file's length, null when unknown */
  possibleLength: number | null;
  playSource: PlaySourceName | null;
  manualStart: boolean;
  categoryId: number | null;
  /** after contentTypeMerge */
  contentType: string | null;
  usageType: UsageType;
  sessionId: string;
  sessionKind: SessionKind;
  /** the local day of the owning session's start: reports select plays by their session's day */
  sessionDay: string;
  /** seconds from the previous play's end in the same session; 0 for the first */
  pauseBefore: number;
  sampleCount: number;
}

export interface Session {
  userId: number;
  sessionId: string;
  kind: SessionKind;
  day: string;
  start: number;
  end: number | null;
  /** seconds; null without an end */
  length: number | null;
  closedBy: ClosedBy;
  residentIds: number[];
  activityIds: number[];
  outdoors: boolean;
  /** hidden and uncounted: length < shortSessionSeconds, or no end */
  short: boolean;
  playCount: number;
  /** seconds listened in the session's plays, per usage type */
  guidedSeconds: number;
  continuousMusicSeconds: number;
  continuousProgramsSeconds: number;
  otherSeconds: number;
}

export interface VideoView {
  userId: number;
  viewId: string;
  fileId: number;
  /** the "Video" column */
  fileName: string;
  playerId: string;
  playSource: PlaySourceName | null;
  start: number;
  end: number;
  /** "Date" and "Time" columns, local */
  day: string;
  time: string;
  /** seconds */
  playTime: number;
  pauseTime: number;
  videoLength: number;
}

export interface UserUsage {
  plays: Play[];
  sessions: Session[];
  videoViews: VideoView[];
  /** earliest instant at which the output changes with time alone (an open session idles out); null: never */
  recheckAt: number | null;
}
