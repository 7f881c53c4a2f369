import { z } from 'zod';
import { Instant, SafeText, Id, Int32 } from '../common/safe.ts';
import { PlaySource } from './usage.ts';

// The usage rules are data (DOMAIN.md section 3); changing them appends UsageRulesChanged to the
// `usage-rules` stream and builds a new warehouse version beside the current one.
export const UsageRules = z.object({
  shortSessionSeconds: Int32.min(0).max(3600),
  maxPauseSeconds: Int32.min(1).max(86_400),
  guidedSources: z.array(PlaySource),
  contentTypeMerge: z.record(SafeText, SafeText),
});
export type UsageRules = z.infer<typeof UsageRules>;

export const defaultUsageRules: UsageRules = {
  shortSessionSeconds: 20,
  maxPauseSeconds: 900,
  guidedSources: ['Recipe', 'Search', 'MusicChannel', 'Favorites', 'Message', 'TodaysMessages'],
  contentTypeMerge: { Video: 'Theme', 'Sing Along': 'SingAlong', 'Audio Book': 'AudioBook' },
};

export const UsageRulesChanged = z.object({
  type: z.literal('UsageRulesChanged'),
  data: z.object({ rules: UsageRules, changedByUserId: Id, at: Instant }),
});

export const UsageRulesEvent = z.discriminatedUnion('type', [UsageRulesChanged]);
export type UsageRulesEvent = z.infer<typeof UsageRulesEvent>;
