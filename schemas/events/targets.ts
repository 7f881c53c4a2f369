import { z } from 'zod';
import { Day, Id, Int32 } from '../common/safe.ts';

// Events of the `targets-{userId}` stream: monthly targets, 0-100 in steps of 5 (spec 3 section 5).
export const TargetCountSet = z.object({
  type: z.literal('TargetCountSet'),
  data: z.object({
    userId: Id,
    setByUserId: Id,
    field: z.enum(['sessions', 'categories']),
    categoryId: Id.nullable(),
    day: Day,
    value: Int32.min(0).max(100).multipleOf(5),
  }),
});

export const TargetEvent = z.discriminatedUnion('type', [TargetCountSet]);
export type TargetEvent = z.infer<typeof TargetEvent>;
