import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUserGroupRecipesRequest } from '../../schemas/api/user-group-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedLinks } from '../reference-data/audited-links.ts';

// set-user-group-recipes {userGroupIds, recipeIds, value} (spec 3 section 7): offers the recipes to
// the groups' members (value true) or stops offering them (false); user_group_recipes, migration 030.

export const setUserGroupRecipesRequest = typedRequest({
  permission: 'Service operators.',
  effect: 'Adds (value true) or removes (false) every recipe for every user group given.',
  body: SetUserGroupRecipesRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'user_groups', body.userGroupIds, 'userGroupIds');
      await requireExisting(tx, 'recipes', body.recipeIds, 'recipeIds');
      const link = { table: 'user_group_recipes', left: 'user_group_id', right: 'recipe_id' };
      return { changed: await setAuditedLinks(tx, link, body.userGroupIds, body.recipeIds, body.value, userId, 'set-user-group-recipes') };
    });
  },
});
