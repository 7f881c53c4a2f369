import { AddedIdsResult, AddUgRecurringRecipeTimingsWeekRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { addRecurringTimings } from './recurring-timings.ts';

// add-ug-recurring-recipe-timings-week {userGroupIds, recipeId, week, day?, special} -> {ids}
// (spec 3 section 7): the recipe in that ISO week of every year, on one weekday (1 Monday -
// 7 Sunday) or, without a day, the whole week, for each group.

export const addUgRecurringRecipeTimingsWeekRequest = typedRequest({
  permission: 'Service operators (timings).',
  effect: "Schedules the recipe for every user group in that week (optionally one weekday) of every year; answers the new timings' ids.",
  body: AddUgRecurringRecipeTimingsWeekRequest,
  result: AddedIdsResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => ({
      ids: await addRecurringTimings(tx, { ...body, month: null }, userId, 'add-ug-recurring-recipe-timings-week'),
    }));
  },
});
