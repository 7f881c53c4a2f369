import { z } from 'zod';
import { isSaneInstant, wholeNumber } from '../common/safe.ts';
import { maxReportDays, usageTypes } from './usage-report-values.ts';

export { maxReportDays, usageTypes };

// Usage reports (DOMAIN.md section 3 "Report figures for a period", spec 3 sections 2, 3, 6, 7):
// the period totals of one user, the monthly usage of administered users, and the sessions of a
// period. Durations are seconds; days are the user's local calendar days (YYYY-MM-DD).

const userId = wholeNumber(z.number().int().positive().max(2_147_483_647));

/** A real calendar day: 2026-02-30 matches the pattern but is refused. */
export const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a calendar date')
  .refine((s) => { const ms = Date.parse(`${s}T00:00:00Z`); return Number.isNaN(ms) || isSaneInstant(ms); }, 'Date must lie between 2000-01-01 and 2099-12-31');

export const UsageReportParams = z.strictObject({ userId, first: IsoDay, last: IsoDay });
export type UsageReportParams = z.infer<typeof UsageReportParams>;

export const UsageType = z.enum(usageTypes);
export type UsageType = z.infer<typeof UsageType>;

const seconds = z.number().nonnegative();
const count = z.number().int().nonnegative();

export const TopFile = z.object({ audioFileId: z.number().int(), name: z.string().nullable(), plays: count, seconds });
export type TopFile = z.infer<typeof TopFile>;

/** Score ('1', '0', '-1') -> count. */
export const ScoreCounts = z.object({ '1': count, '0': count, '-1': count });
export type ScoreCounts = z.infer<typeof ScoreCounts>;

export const VideoView = z.object({
  fileName: z.string(),
  startTime: z.iso.datetime(),
  playTime: seconds,
  pauseTime: seconds,
  totalLength: seconds,
});

/**
 * The figures of a period. Headline figures, sessionCounts, overallUsage, guidedUsage,
 * topMusic, topPrograms and categoryCounts count only counted sessions (not short, with an end)
 * starting in the period and their plays. Evaluations, message clicks and videos are not part of
 * sessions: they count what happened in the period.
 */
export const UsageTotals = z.object({
  userId: z.number().int(),
  /** The period actually reported: `last` capped at today in the user's time zone. */
  first: IsoDay,
  last: IsoDay,
  dayCount: count,
  sessionCount: count,
  sessionWithParticipantsCount: count,
  usedDayCount: count,
  totalUsage: seconds,
  /** totalUsage / dayCount. */
  averageUsagePerDay: seconds,
  /** totalUsage / usedDayCount (0 without used days). */
  averageUsagePerUsedDay: seconds,
  /** Local day -> counted sessions; days without a counted session are absent. */
  sessionCounts: z.record(z.string(), count),
  /** Usage type -> days with some of it, and its listened seconds. Every type is present. */
  overallUsage: z.record(UsageType, z.object({ dayCount: count, duration: seconds })),
  /** Content type of guided plays (after contentTypeMerge; 'Unknown' without one) -> seconds. */
  guidedUsage: z.record(z.string(), seconds),
  /** 10 music pieces and 10 audio programs, by plays then seconds. */
  topMusic: z.array(TopFile),
  topPrograms: z.array(TopFile),
  /** Category id -> plays with that category (the sample's, else the file's main category). */
  categoryCounts: z.record(z.string(), count),
  /** Evaluations made in the period, by their current score. */
  audioFileEvaluations: ScoreCounts,
  messageItemEvaluations: ScoreCounts,
  /** Message item opens in the period, by the item's content type ('Unknown' when not known). */
  messageItemClicks: z.record(z.string(), count),
  videos: z.array(VideoView),
  /**
   * `{playSource}/{usageType}` -> plays and listened seconds of counted sessions' plays, e.g.
   * 'Search/GuidedUsage'; a play started from no named source is 'None/...'. Sums to overallUsage.
   */
  usagePerType: z.record(z.string(), z.object({ plays: count, seconds })),
});
export type UsageTotals = z.infer<typeof UsageTotals>;

/** `1,2,3` or the parameter repeated. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/, 'Expected a list of ids').transform(Number)).max(1000));

/** GET /api/usage: without userIdList, every user the caller administers. */
export const AdminUsageQuery = z.strictObject({ userIdList: idList.optional(), firstDay: IsoDay, lastDay: IsoDay });
export type AdminUsageQuery = z.infer<typeof AdminUsageQuery>;

export const MonthUsage = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), sessionCount: count, totalUsage: seconds, usedDayCount: count });
export const AdminUsage = z.object({
  firstDay: IsoDay,
  lastDay: IsoDay,
  /** Every month of the period for every listed user, zeros included. */
  users: z.array(z.object({ userId: z.number().int(), name: z.string(), months: z.array(MonthUsage) })),
});
export type AdminUsage = z.infer<typeof AdminUsage>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const UsageSessionsQuery = z.strictObject({
  /** Also list short sessions and sessions without an end (spec 3 "Show short sessions"). */
  showShortSessions: flag.optional(),
  /** Only sessions with this resident among the participants. */
  residentId: userId.optional(),
});
export type UsageSessionsQuery = z.infer<typeof UsageSessionsQuery>;

export const SessionPlay = z.object({
  /** "Program": the audio file's name; null for items outside the library (messages, games...). */
  program: z.string().nullable(),
  /** "Program Type": the content type of the play's category. */
  programType: z.string().nullable(),
  itemType: z.string(),
  audioFileId: z.number().int(),
  usageType: UsageType,
  /** "Time": the play's start. */
  time: z.iso.datetime(),
  length: seconds,
  /** Gap from the previous play's end in the session (0 for the first). */
  pause: seconds,
  possibleLength: seconds.nullable(),
});

export const UsageTypeInfo = z.object({ contentType: z.string(), autoPlay: z.boolean(), count });
export type UsageTypeInfo = z.infer<typeof UsageTypeInfo>;

/** One play of a session's play lists: what was played, when it started, how long it was listened. */
export const PlayListEntry = z.object({ id: z.number().int(), time: z.iso.datetime(), length: seconds });
export type PlayListEntry = z.infer<typeof PlayListEntry>;

export const UsageSession = z.object({
  sessionId: z.uuid(),
  kind: z.enum(['explicit', 'implicit']),
  day: IsoDay,
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime().nullable(),
  duration: seconds.nullable(),
  short: z.boolean(),
  /** Listened seconds of the session's plays by usage type ("Breakdown of session usage"). */
  usage: z.record(UsageType, seconds),
  participants: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })),
  activities: z.array(z.object({ id: z.number().int(), name: z.string() })),
  outdoors: z.boolean(),
  plays: z.array(SessionPlay),
  /** Plays by content type ('Unknown' without one) and auto play (not manually started). */
  usageTypeInfo: z.array(UsageTypeInfo),
  /** The session's plays by item type; `id` is the played item's id (audio file, game, video file). */
  gamePlayList: z.array(PlayListEntry),
  audioFilePlayList: z.array(PlayListEntry),
  videoFilePlaylist: z.array(PlayListEntry.extend({ fileName: z.string() })),
  /** Message id (a Message play's item id) -> listened seconds. */
  messageDurations: z.record(z.string(), seconds),
  /** Message item id -> opens ('Message clicks') between the session's start and end. */
  messageClicks: z.record(z.string(), count),
  /** Category id -> listened seconds of plays with that category. */
  categoryDurations: z.record(z.string(), seconds),
  /** Audio file id -> listened seconds of its Audio plays. */
  audioFileDurations: z.record(z.string(), seconds),
});
export type UsageSession = z.infer<typeof UsageSession>;

export const UsageSessions = z.object({
  userId: z.number().int(),
  /**
   * The unit's time zone: its sessions are shown in it, whoever views them (a Stockholm unit read
   * by a Helsinki administrator shows Stockholm times, and a session near midnight its own day).
   */
  timeZone: z.string(),
  first: IsoDay,
  last: IsoDay,
  /** Sum of the listed counted sessions' lengths (short ones never add to it). */
  totalUsage: seconds,
  sessions: z.array(UsageSession),
});
export type UsageSessions = z.infer<typeof UsageSessions>;
