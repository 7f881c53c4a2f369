import { z } from 'zod';
import { ClientTime, Day, wholeNumber } from '../common/safe.ts';

// Typed requests: POST /api/requests/{type} with the type's props as the body (spec 3 section 7,
// DOMAIN.md section 4). One schema pair per type; the dispatcher (commands/requests/) picks them.

// Ids are Postgres `integer`s: a larger number is a ValidationError, not a failed query.
const id = z.number().int().nonnegative().max(2_147_483_647);
const isoTime = z.iso.datetime({ offset: true });
const day = z.iso.date();

export const CheckUsageSessionRequest = z.strictObject({
  /** The browser's clock: a session with no play for maxPauseSeconds by then has ended (idle). */
  time: ClientTime.optional(),
});
export const CheckUsageSessionResult = z.object({
  active: z.boolean(),
  /** Start of the open explicit session; null when none is open. */
  startTime: isoTime.nullable(),
  /** The user's latest play (client time), in or out of a session. */
  lastPlay: isoTime.nullable(),
  sessionId: z.uuid().nullable(),
  residentIds: z.array(id),
  activityIds: z.array(id),
  outdoors: z.boolean(),
});
export type CheckUsageSessionResult = z.infer<typeof CheckUsageSessionResult>;

export const TargetField = z.enum(['sessions', 'categories']);
export type TargetField = z.infer<typeof TargetField>;

export const GetTargetCountsRequest = z
  .strictObject({ userIds: z.array(id).min(1).max(1000), firstDay: Day, lastDay: Day })
  .refine((r) => r.firstDay <= r.lastDay, { message: 'firstDay must not be after lastDay', path: ['lastDay'] });

/** Per user: sessions by month (first day, YYYY-MM-DD) and categories by category id, then month (spec 3 section 3). */
export const UserTargetCounts = z.object({
  sessions: z.record(z.string(), z.number().int()),
  categories: z.record(z.string(), z.record(z.string(), z.number().int())),
});
export type UserTargetCounts = z.infer<typeof UserTargetCounts>;
export const GetTargetCountsResult = z.object({ targetCounts: z.record(z.string(), UserTargetCounts) });
export type GetTargetCountsResult = z.infer<typeof GetTargetCountsResult>;

export const SetTargetCountRequest = z.strictObject({
  field: TargetField,
  userId: id,
  categoryId: id.nullish(),
  /** Spec 3 section 5: 0-100 in steps of 5; values are parsed as integers, so "20" is accepted. */
  value: wholeNumber(z.number().int().min(0).max(100).multipleOf(5)),
});
export const SetTargetCountResult = z.object({ userId: id, field: TargetField, categoryId: id.nullable(), day, value: z.number().int(), changed: z.boolean() });
export type SetTargetCountResult = z.infer<typeof SetTargetCountResult>;
