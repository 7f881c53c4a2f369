import { z } from 'zod';
import { wholeNumber } from '../common/safe.ts';
import { IsoDay } from './usage-report.ts';

// The detailed session table and the video views of spec 3 section 2, shaped for the screens: one
// row per table row, dates and times already in the user's time zone (`timeZone` names it), so the
// browser only formats (D.M.YYYY, HH:mm:ss of spec 3 section 9). Durations are seconds.

const id = wholeNumber(z.number().int().positive().max(2_147_483_647));
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const seconds = z.number().nonnegative();
const count = z.number().int().nonnegative();
/** Local wall-clock time H:mm:ss -> always two-digit hours: '09:05:00'. */
const LocalTime = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

/** Path of both endpoints: /api/usage-session-table/{userId}/{first}/{last}, /api/video-views/... */
export const UsageDetailsParams = z.strictObject({ userId: id, first: IsoDay, last: IsoDay });
export type UsageDetailsParams = z.infer<typeof UsageDetailsParams>;

/** GET /api/usage-session-table/{userId}/{first}/{last}?residentId&showShort */
export const UsageSessionTableQuery = z.strictObject({
  /** Only sessions with this resident among the participants ('Show sessions with resident'). */
  residentId: id.optional(),
  /** Also list short sessions and sessions without an end ('Show short sessions'); default false. */
  showShort: flag.optional(),
});
export type UsageSessionTableQuery = z.infer<typeof UsageSessionTableQuery>;

export const IdentifiedResident = z.object({
  residentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** The resident's identification (spec 3 "Resident"); null when none is recorded. */
  identification: z.string().nullable(),
});
export type IdentifiedResident = z.infer<typeof IdentifiedResident>;

/** One row: a play of a session; a session without plays gets one row with the play fields null. */
export const SessionTableRow = z.object({
  sessionId: z.uuid(),
  /** "Date": the local day of the play (of the session start for a row without a play). */
  date: IsoDay,
  /** "Program": the audio file's name; null outside the library (video, message, game) or no play. */
  program: z.string().nullable(),
  /** "Program Type": content type of the play's category. */
  programType: z.string().nullable(),
  /** "Time": local start time of the play. */
  time: LocalTime.nullable(),
  /** "Length": listened seconds. */
  length: seconds.nullable(),
  /** "Pause": gap from the previous play's end in the session (0 for the first). */
  pause: seconds.nullable(),
  /** "possible length": the file's length. */
  possibleLength: seconds.nullable(),
  /** "Session": local start time of the session. */
  session: LocalTime,
  /** "Session length": null for a session without an end. */
  sessionLength: seconds.nullable(),
  short: z.boolean(),
  /** Residents taking part in the session; always given, also when names are not. */
  participantCount: count,
  /** "Identification": the participants, only when viewers view their own data; else null. */
  identification: z.array(IdentifiedResident).nullable(),
});
export type SessionTableRow = z.infer<typeof SessionTableRow>;

/** Footer per resident (own data only): the counted sessions the resident took part in. */
export const ResidentTotal = IdentifiedResident.extend({
  sessionCount: count,
  /** Sum of those sessions' lengths. */
  sessionLength: seconds,
  /** Plays in those sessions and their listened seconds. */
  playCount: count,
  length: seconds,
});
export type ResidentTotal = z.infer<typeof ResidentTotal>;

export const UsageSessionTable = z.object({
  userId: z.number().int(),
  first: IsoDay,
  /** `last` capped at today in the user's zone. */
  last: IsoDay,
  timeZone: z.string(),
  /** The viewer views their own data: identification columns and residentTotals are present. */
  ownData: z.boolean(),
  rows: z.array(SessionTableRow),
  /** Counted sessions listed (short ones and those without an end never count). */
  sessionCount: count,
  /** Sum of the counted sessions' lengths. */
  totalUsage: seconds,
  /** Per resident (own data only; null otherwise), by last then first name. */
  residentTotals: z.array(ResidentTotal).nullable(),
});
export type UsageSessionTable = z.infer<typeof UsageSessionTable>;

/** GET /api/video-views/{userId}/{first}/{last}: 'Video views for period %s - %s'. */
export const VideoViewRow = z.object({
  /** "Date": local day of the view's start. */
  date: IsoDay,
  /** "Time": local start time. */
  time: LocalTime,
  /** "Video": the file name. */
  video: z.string(),
  playTime: seconds,
  pauseTime: seconds,
  /** "Video length": the file's total length. */
  videoLength: seconds,
});
export type VideoViewRow = z.infer<typeof VideoViewRow>;

export const VideoViews = z.object({
  userId: z.number().int(),
  first: IsoDay,
  last: IsoDay,
  timeZone: z.string(),
  /** By start time. */
  views: z.array(VideoViewRow),
});
export type VideoViews = z.infer<typeof VideoViews>;
