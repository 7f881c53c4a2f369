import { validationError } from '../../infra/errors.ts';
import { ChangedResult, SetRecipeItemOrderRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// set-recipe-item-order {recipeItemId, order} (spec 3 section 7): the back office moves one item
// of a recipe; the player plays a recipe's items by `order`, then id.

export const setRecipeItemOrderRequest = typedRequest({
  permission: 'Service operators (recipes).',
  effect: "Sets the recipe item's order (the player plays a recipe's items by order).",
  body: SetRecipeItemOrderRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      const old = await lockRow<{ id: number; order: number }>(tx, 'recipe_items', body.recipeItemId);
      if (!old) throw validationError([{ path: 'body.recipeItemId', message: `No such row: ${body.recipeItemId}` }]);
      const row = await updateAuditedRow(tx, 'recipe_items', old, { order: body.order }, userId, 'set-recipe-item-order');
      return { changed: row === old ? 0 : 1 };
    });
  },
});
