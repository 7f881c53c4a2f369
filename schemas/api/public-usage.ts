import { z } from 'zod';
import { SafeText, wholeNumber } from '../common/safe.ts';
import { IsoDay, UsageSession } from './usage-report.ts';

// The public report and the resident (participation) report (spec 3 sections 2, 3 and 7).

const id = wholeNumber(z.number().int().positive().max(2_147_483_647));

export const PublicUsageParams = z.strictObject({ id, first: IsoDay, last: IsoDay });
export type PublicUsageParams = z.infer<typeof PublicUsageParams>;

export const PublicUsage = z.object({
  /** The period's instants [startTime, endTime) in the unit's time zone, as ISO-8601 UTC. */
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  userId: z.number().int(),
  /** The unit's name as its reports show it (client name, else first and last name, else user name): the report's Unit column. */
  unitName: z.string(),
  /** Counted sessions (not short, with an end) starting in the period, and their summed length (s). */
  summaryData: z.object({ sessionCount: z.number().int().nonnegative(), sessionTotalLength: z.number().nonnegative() }),
  /** Per category: counted sessions with at least one play of it, most sessions first. */
  categorySummary: z.array(z.object({ categoryName: z.string(), sessionCount: z.number().int().nonnegative() })),
  /**
   * Per content type of the plays' categories (after contentTypeMerge; 'Unknown' without one):
   * counted sessions with at least one such play, most sessions first. The pie "by content type".
   */
  contentTypeSummary: z.array(z.object({ contentType: z.string(), sessionCount: z.number().int().nonnegative() })),
});
export type PublicUsage = z.infer<typeof PublicUsage>;

export const ResidentUsageParams = PublicUsageParams;

export const ResidentUsage = z.object({
  /** The period's first instant in the unit's time zone, as ISO-8601 UTC. */
  startTime: z.iso.datetime(),
  residentId: z.number().int(),
  /**
   * The unit's counted sessions the resident took part in, as in GET /api/usage-sessions. To a
   * relative the other participants are not named: participants holds only their resident and
   * otherParticipantCount counts the rest.
   */
  sessions: z.array(UsageSession.extend({ otherParticipantCount: z.number().int().nonnegative().optional() })),
});
export type ResidentUsage = z.infer<typeof ResidentUsage>;

export const PublicReportTokenLoginRequest = z.strictObject({
  token: SafeText.min(1).max(500),
  /** When true the answer carries a JWT that the browser sends as a bearer token. */
  jwt: z.boolean().optional(),
});

export const PublicReportTokenLoginResult = z.object({
  /** Whose public report this session may read. */
  publicReportUserId: z.number().int(),
  jwt: z.string().optional(),
});
export type PublicReportTokenLoginResult = z.infer<typeof PublicReportTokenLoginResult>;
