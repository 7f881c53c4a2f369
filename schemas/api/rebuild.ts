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

/** A Postgres read model by its projection name (GET /api/admin/projections lists them). */
export const ReadModelName = z.string().regex(/^[a-z][a-z0-9-]{0,99}$/, 'Expected a projection name');

/**
 * POST /api/admin/rebuilds: new usage rules rebuild the warehouse; `{projection}` rebuilds one
 * Postgres read model from position 0 of the log (after a fix of its projector), under the same
 * steps: build beside the serving version, switch in one step, drop the old version.
 */
export const StartAnyRebuildRequest = z
  .strictObject({ rules: UsageRules.optional(), from: RebuildSource.default('raw'), projection: ReadModelName.optional() })
  // One object rather than a union, so a wrong rule is named by its own path (body.rules.maxPauseSeconds).
  .refine((body) => (body.rules === undefined) !== (body.projection === undefined), { message: 'Send either rules (the usage warehouse) or projection (a read model)' });
export type StartAnyRebuildRequest = z.infer<typeof StartAnyRebuildRequest>;

/** POST /api/admin/rebuilds/switch and /drop-old: no body is the warehouse; `{projection}` a read model. */
export const ProjectionSelector = z.strictObject({ projection: ReadModelName.optional() }).nullish();

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

/** A read model's rebuild in progress (no rules, no derivation: it only replays the log). */
export const ReadModelRebuildProgress = z.object({
  name: z.string(),
  version: z.number().int(),
  eventsDone: z.number().int().nonnegative(),
  eventsTotal: z.number().int().nonnegative(),
  eventsPerSecond: z.number().nonnegative(),
  secondsLeft: z.number().nonnegative().nullable(),
  stage: z.enum(['reading', 'done']),
  /** Why the new version is stuck, if it is (repair it like any projection: retry or park). */
  lastError: z.string().nullable(),
  caughtUp: z.boolean(),
});
export type ReadModelRebuildProgress = z.infer<typeof ReadModelRebuildProgress>;

export const ReadModelOverview = z.object({
  name: z.string(),
  currentVersion: z.number().int(),
  rebuild: ReadModelRebuildProgress.nullable(),
  droppableVersions: z.array(z.number().int()),
});
export type ReadModelOverview = z.infer<typeof ReadModelOverview>;

export const StartAnyRebuildResponse = z.union([RebuildProgress, ReadModelRebuildProgress]);

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
  /** The Postgres read models, rebuilt and switched the same way (issue 13). */
  readModels: z.array(ReadModelOverview),
  /** What the operator must fix in the server's configuration: `publicUrlMissing`, no link mails without PUBLIC_URL. */
  warnings: z.array(z.enum(['publicUrlMissing'])),
});
export type RebuildOverview = z.infer<typeof RebuildOverview>;

export const RebuildComparisonQuery = z.strictObject({ first: Day.optional(), last: Day.optional() });

export const DropOldVersionsResponse = z.object({ droppedVersions: z.array(z.number().int()) });
export type DropOldVersionsResponse = z.infer<typeof DropOldVersionsResponse>;

export const UsageRulesResponse = z.object({
  /** The latest rules on the `usage-rules` stream (a rebuild may still be building them). */
  rules: UsageRules,
  currentVersion: z.number().int(),
  currentRules: UsageRules,
});
export type UsageRulesResponse = z.infer<typeof UsageRulesResponse>;
