import { z } from 'zod';
import { wholeNumber } from '../common/safe.ts';
import { IsoDay } from './usage-report.ts';

// The usage details log and the not-connected plays of spec 3 section 3 ("Usage details log"),
// served page by page: GET /api/usage-details-log/{userId}/{first}/{last} and
// GET /api/not-connected-plays/{userId}/{first}/{last}. Both are read from the warehouse's plays,
// so they follow the same rules as the other reports (docs/warehouse.md "Report figures").

const id = wholeNumber(z.number().int().positive().max(2_147_483_647));
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const seconds = z.number().nonnegative();
const count = z.number().int().nonnegative();
/** Local wall-clock time, two-digit hours: '09:05:00'. */
const LocalTime = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

/** The report pages offer 5, 10, 20, 50 or 100 rows (spec 3 section 2); 100 is the most one page holds. */
export const maxPageSize = 100;

export const UsageLogParams = z.strictObject({ userId: id, first: IsoDay, last: IsoDay });
export type UsageLogParams = z.infer<typeof UsageLogParams>;

const paging = {
  /** Rows to skip; default 0. */
  offset: wholeNumber(z.number().int().nonnegative().max(10_000_000)).optional(),
  /** Rows on the page; default 20. */
  limit: wholeNumber(z.number().int().positive().max(maxPageSize)).optional(),
};

/** GET /api/usage-details-log/...?offset&limit&showShort */
export const UsageDetailsLogQuery = z.strictObject({
  ...paging,
  /** Also the plays of short sessions and of sessions without an end; default false. */
  showShort: flag.optional(),
});
export type UsageDetailsLogQuery = z.infer<typeof UsageDetailsLogQuery>;

/** GET /api/not-connected-plays/...?offset&limit */
export const NotConnectedPlaysQuery = z.strictObject(paging);
export type NotConnectedPlaysQuery = z.infer<typeof NotConnectedPlaysQuery>;

/** One play of an explicit (started) session. */
export const UsageDetailsLogRow = z.object({
  /** The play's id (stable: a uuid of the user and the play's first sample). */
  id: z.uuid(),
  userId: z.number().int(),
  /** The session's local day: the day the session counts on. */
  day: IsoDay,
  /** The user's user group (users.user_group_id), by which administrators group units; null without one. */
  adminGroup: z.number().int().nullable(),
  /** The played item's id (an audio file for Audio plays). */
  audioFileId: z.number().int(),
  /** The audio file's name; null outside the library (video, message, game). */
  audioFileName: z.string().nullable(),
  /** Content type of the play's category. */
  programType: z.string().nullable(),
  /** Local start time of the play. */
  playTime: LocalTime,
  /** Listened seconds. */
  playLength: seconds,
  /** Gap from the previous play's end in the session (0 for the first). */
  pauseTime: seconds,
  /** The file's length. */
  possibleLength: seconds.nullable(),
  /** 1 for the day's first explicit session of the user, 2 for the next... (by start time). */
  sessionNumber: z.number().int().positive(),
  /** Null for a session without an end. */
  sessionLength: seconds.nullable(),
  /** When the play's last sample was logged (client time): a write time would depend on arrival. */
  created: z.iso.datetime(),
});
export type UsageDetailsLogRow = z.infer<typeof UsageDetailsLogRow>;

/** One play outside every explicit session (it forms part of an implicit session). */
export const NotConnectedPlay = z.object({
  id: z.uuid(),
  userId: z.number().int(),
  /** The play's start, an instant. */
  time: z.iso.datetime(),
  /** Local day and time of the start. */
  playDay: IsoDay,
  playTime: LocalTime,
  /** Listened seconds. */
  playLength: seconds,
  /** What was played (beyond the spec's fields: a log of plays is read for what they were). */
  audioFileId: z.number().int(),
  /** The audio file's name; null outside the library (video, message, game). */
  audioFileName: z.string().nullable(),
});
export type NotConnectedPlay = z.infer<typeof NotConnectedPlay>;

const page = <Row extends z.ZodType>(row: Row) =>
  z.object({
    userId: z.number().int(),
    first: IsoDay,
    /** `last` capped at today in the user's zone. */
    last: IsoDay,
    timeZone: z.string(),
    offset: count,
    limit: count,
    /** Rows in the whole period, for the pager. */
    total: count,
    rows: z.array(row),
  });

export const UsageDetailsLog = page(UsageDetailsLogRow);
export type UsageDetailsLog = z.infer<typeof UsageDetailsLog>;
export const NotConnectedPlays = page(NotConnectedPlay);
export type NotConnectedPlays = z.infer<typeof NotConnectedPlays>;
