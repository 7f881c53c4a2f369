import { z } from 'zod';
import { Day } from '../common/safe.ts';

// Events of the `targets-{userId}` stream: monthly targets, 0-100 in steps of 5 (spec 3 section 5).
export const TargetCountSet = z.object({
  type: z.literal('TargetCountSet'),
  data: z.object({
    userId: z.number().int().nonnegative(),
    setByUserId: z.number().int().nonnegative(),
    field: z.enum(['sessions', 'categories']),
    categoryId: z.number().int().nonnegative().nullable(),
    day: Day,
    value: z.number().int().min(0).max(100).multipleOf(5),
  }),
});

export const TargetEvent = z.discriminatedUnion('type', [TargetCountSet]);
export type TargetEvent = z.infer<typeof TargetEvent>;
