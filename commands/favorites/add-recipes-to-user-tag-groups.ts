import { AddRecipesToUserTagGroupsRequest, ContentChangedResult } from '../../schemas/api/content-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { changeOwnLists } from './user-tag-group-requests.ts';

// add-recipes-to-user-tag-groups {userTagGroupIds, recipeIds} (spec 3 section 7): puts recipes
// into several of the caller's lists at once; a recipe a list has already stays as it is.

export const addRecipesToUserTagGroupsRequest = typedRequest({
  permission: 'The maker of the favorite lists (list 0: the caller\'s default list).',
  effect: 'Adds the recipes each list lacks; answers how many were added.',
  body: AddRecipesToUserTagGroupsRequest,
  result: ContentChangedResult,
  handle: (request, body) =>
    changeOwnLists(request, { ids: body.userTagGroupIds, field: 'userTagGroupIds' }, { table: 'recipes', ids: body.recipeIds, field: 'recipeIds' }, (actor, listId, at) => ({
      kind: 'addRecipes',
      actor,
      listId,
      recipeIds: body.recipeIds,
      at,
    })),
});
