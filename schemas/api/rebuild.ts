import { z } from 'zod';
import { Day } from '../common/safe.ts';
import { UsageRules } from '../events/usage-rules.ts';

// Warehouse rebuilds (DOMAIN.md section 5): new usage rules build a new warehouse version beside
// the current one; operators watch progress, compare headline figures and switch in one step.

/** raw: copy the serving version's raw tables and derive again; log: replay the event log from position 0. */
export const RebuildSource = z.enum(['raw', 'log']);
export type RebuildSource = z.infer<typeof RebuildSource>;

export const StartRebuildRequest = z.strictObject({ rules: UsageRules, from: RebuildSource.default('raw') });
export type StartRebuildRequest = z.infer<typeof StartRebuildRequest>;

export const RebuildProgress = z.object({
  version: z.number().int(),
  rules: UsageRules,
  eventsDone: z.number().int().nonnegative(),
  eventsTotal: z.number().int().nonnegative(),
  eventsPerSecond: z.number().nonnegative(),
  /** null while no rate is known yet */
  secondsLeft: z.number().nonnegative().nullable(),
  /**
   * reading: the log is read and its raw rows written; deriving: plays, sessions and daily usage
   * are derived for the users the log touched (after the last event was read); done: caught up.
   */
  stage: z.enum(['reading', 'deriving', 'done']),
  /** Users derived so far of those to derive, while deriving. */
  derivation: z.object({ usersDone: z.number().int().nonnegative(), usersTotal: z.number().int().nonnegative() }).nullable(),
  caughtUp: z.boolean(),
});
export type RebuildProgress = z.infer<typeof RebuildProgress>;

export const HeadlineFigures = z.object({
  version: z.number().int(),
  sessionCount: z.number().int(),
  sessionWithParticipantsCount: z.number().int(),
  usedDayCount: z.number().int(),
  totalUsage: z.number(),
});
export type HeadlineFigures = z.infer<typeof HeadlineFigures>;

const day = z.iso.date();

export const HeadlineComparison = z.object({
  first: day,
  last: day,
  /** The lower of two live versions (the serving one before a switch); null when only one is live. */
  old: HeadlineFigures.nullable(),
  new: HeadlineFigures.nullable(),
});
export type HeadlineComparison = z.infer<typeof HeadlineComparison>;

export const RebuildOverview = z.object({
  currentVersion: z.number().int(),
  currentRules: UsageRules,
  rebuild: RebuildProgress.nullable(),
  /** Versions no longer serving whose tables can be dropped. */
  droppableVersions: z.array(z.number().int()),
  comparison: HeadlineComparison,
});
export type RebuildOverview = z.infer<typeof RebuildOverview>;

export const RebuildComparisonQuery = z.strictObject({ first: Day.optional(), last: Day.optional() });

export const DropOldVersionsResponse = z.object({ droppedVersions: z.array(z.number().int()) });

export const UsageRulesResponse = z.object({
  /** The latest rules on the `usage-rules` stream (a rebuild may still be building them). */
  rules: UsageRules,
  currentVersion: z.number().int(),
  currentRules: UsageRules,
});
export type UsageRulesResponse = z.infer<typeof UsageRulesResponse>;
