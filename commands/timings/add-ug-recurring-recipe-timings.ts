import { validationError } from '../../infra/errors.ts';
import { AddedIdsResult, AddUgRecurringRecipeTimingsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { addRecurringTimings } from './recurring-timings.ts';

// add-ug-recurring-recipe-timings {userGroupIds, recipeId, month, day, special} -> {ids} (spec 3
// section 7): the recipe on that day every year (Christmas Eve, a name day), for each group. A
// day the month does not have (30 February) is refused naming `day`.

const daysIn = (month: number): number => new Date(Date.UTC(2024, month, 0)).getUTCDate(); // a leap year: 29 February exists

export const addUgRecurringRecipeTimingsRequest = typedRequest({
  permission: 'Service operators (timings).',
  effect: "Schedules the recipe for every user group on that day (month and day) of every year; answers the new timings' ids.",
  body: AddUgRecurringRecipeTimingsRequest,
  result: AddedIdsResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    if (body.day > daysIn(body.month)) throw validationError([{ path: 'body.day', message: `Month ${body.month} has no day ${body.day}` }]);
    return request.server.deps.sql.transaction(async (tx) => ({
      ids: await addRecurringTimings(tx, { ...body, week: null }, userId, 'add-ug-recurring-recipe-timings'),
    }));
  },
});
