import { ChangedResult, SetRecipeItemsActiveRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedColumn } from '../reference-data/audited-links.ts';

// set-recipe-items-active {ids, active} (spec 3 section 7): the back office takes items out of a
// recipe, or back in, without deleting them (the player skips inactive items).

export const setRecipeItemsActiveRequest = typedRequest({
  permission: 'Service operators (recipes).',
  effect: 'Sets active on the recipe items; the player skips inactive ones.',
  body: SetRecipeItemsActiveRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'recipe_items', body.ids, 'ids');
      return { changed: await setAuditedColumn(tx, 'recipe_items', body.ids, 'active', body.active, userId, 'set-recipe-items-active') };
    });
  },
});
