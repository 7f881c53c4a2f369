import { AddedIdsResult, AddUgRecipeTimingsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting } from '../reference-data/audited-links.ts';
import { insertAuditedRow } from '../reference-data/audited-row.ts';

// add-ug-recipe-timings {userGroupIds, recipeId, days} -> {ids} (spec 3 section 7): schedules the
// recipe as the groups' recipe of each day (the calendar of current events and today's recipe
// read ug_recipe_timings). A day the group already has this recipe on is not added twice.

export const addUgRecipeTimingsRequest = typedRequest({
  permission: 'Service operators (timings).',
  effect: "Schedules the recipe for every user group on every day given (ug-recipe-timings); answers the new timings' ids.",
  body: AddUgRecipeTimingsRequest,
  result: AddedIdsResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'user_groups', body.userGroupIds, 'userGroupIds');
      await requireExisting(tx, 'recipes', [body.recipeId], 'recipeId');
      const ids: number[] = [];
      for (const userGroupId of new Set(body.userGroupIds)) {
        for (const day of new Set(body.days)) {
          const existing = await tx.query('SELECT 1 FROM ug_recipe_timings WHERE user_group_id = $1 AND recipe_id = $2 AND day = $3', [userGroupId, body.recipeId, day]);
          if (existing.length > 0) continue;
          const row = await insertAuditedRow<{ id: number }>(tx, 'ug_recipe_timings', { user_group_id: userGroupId, recipe_id: body.recipeId, day }, userId, 'add-ug-recipe-timings');
          ids.push(Number(row.id));
        }
      }
      return { ids };
    });
  },
});
