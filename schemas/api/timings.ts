import { z } from 'zod';
import { IsoDay } from './usage-report.ts';

// The calendar of current events (spec 2 sections 2, 3 and 7): GET /api/recipe-timings and
// GET /api/message-timings for a run of local calendar days in the user's time zone. The {days}
// of the spec travel as the first and last day, both included: ?firstDay=2026-11-01&lastDay=2026-12-12.

/** A calendar month shown in full weeks is at most 6 weeks: the most days one call answers. */
export const maxTimingDays = 42;

const dayCount = (first: string, last: string) => Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;

export const TimingDaysQuery = z.strictObject({ firstDay: IsoDay, lastDay: IsoDay }).superRefine((q, ctx) => {
  const count = dayCount(q.firstDay, q.lastDay);
  if (count < 1) ctx.addIssue({ code: 'custom', message: 'The last day is before the first day', path: ['lastDay'] });
  else if (count > maxTimingDays) ctx.addIssue({ code: 'custom', message: `At most ${maxTimingDays} days`, path: ['lastDay'] });
});
export type TimingDaysQuery = z.infer<typeof TimingDaysQuery>;

/**
 * A recipe on a day: the group's timing of that day (kind day) or a recurring one (date, weekday,
 * week; domain/recipes/recipe-timing-rules.ts). Within a day the day's recipe comes first.
 */
export const RecipeTiming = z.object({
  /** The timing row's id; unique with kind. */
  id: z.number().int(),
  kind: z.enum(['day', 'date', 'weekday', 'week']),
  day: IsoDay,
  recipeId: z.number().int(),
  recipeName: z.string(),
  special: z.boolean(),
});
export type RecipeTiming = z.infer<typeof RecipeTiming>;

export const RecipeTimings = z.object({
  timings: z.array(RecipeTiming),
  /** Days of the range that are special (some recurring timing of them is special): orange. */
  specialDays: z.array(IsoDay),
});
export type RecipeTimings = z.infer<typeof RecipeTimings>;

/**
 * A message on a day: one of the caller's messages (own or received, sent and switched on, not a
 * reply) active on the day, and recommendation messages of other users only. A message with an
 * active-until is on every day from its active-from to its active-until; one without is on its
 * active-from day (else when it was sent) only, or it would fill every day to come.
 */
export const MessageTiming = z.object({
  /** The message id. */
  id: z.number().int(),
  day: IsoDay,
  title: z.string(),
  recommendation: z.boolean(),
  own: z.boolean(),
  senderName: z.string(),
});
export type MessageTiming = z.infer<typeof MessageTiming>;

export const MessageTimings = z.object({ timings: z.array(MessageTiming) });
export type MessageTimings = z.infer<typeof MessageTimings>;
