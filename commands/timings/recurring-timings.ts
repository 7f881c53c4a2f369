import type { Queryable } from '../../infra/sql/sql.ts';
import { requireExisting } from '../reference-data/audited-links.ts';
import { insertAuditedRow } from '../reference-data/audited-row.ts';

// What add-ug-recurring-recipe-timings and its -week form share: a recurring timing per group,
// skipping a group that has the same one already, each new row with its audit row.

export interface RecurringTiming {
  userGroupIds: readonly number[];
  recipeId: number;
  month: number | null;
  day: number | null;
  week: number | null;
  special: boolean;
}

export async function addRecurringTimings(tx: Queryable, timing: RecurringTiming, actorUserId: number, query: string): Promise<number[]> {
  await requireExisting(tx, 'user_groups', timing.userGroupIds, 'userGroupIds');
  await requireExisting(tx, 'recipes', [timing.recipeId], 'recipeId');
  const ids: number[] = [];
  for (const userGroupId of new Set(timing.userGroupIds)) {
    const same = await tx.query(
      `SELECT 1 FROM ug_recurring_recipe_timings WHERE user_group_id = $1 AND recipe_id = $2
         AND month IS NOT DISTINCT FROM $3::integer AND day IS NOT DISTINCT FROM $4::integer AND week IS NOT DISTINCT FROM $5::integer AND special = $6`,
      [userGroupId, timing.recipeId, timing.month, timing.day, timing.week, timing.special],
    );
    if (same.length > 0) continue;
    const values = { user_group_id: userGroupId, recipe_id: timing.recipeId, month: timing.month, day: timing.day, week: timing.week, special: timing.special };
    ids.push(Number((await insertAuditedRow<{ id: number }>(tx, 'ug_recurring_recipe_timings', values, actorUserId, query)).id));
  }
  return ids;
}
