import { accessDenied, validationError } from '../../infra/errors.ts';
import { ContentChangedResult, SetUserTagGroupUserGroupsRequest } from '../../schemas/api/content-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { actorOf, favoriteListStream, runFavoritesCommand } from './favorite-list-stream.ts';
import { requireOwnLists } from './user-tag-group-requests.ts';

// set-user-tag-group-user-groups {userTagGroupIds, userGroupId} (spec 3 section 7): the user
// group of favorite lists (UserTagGroup.userGroupId) is who they are shared with, read-only. A list
// holds one group (spec 3's UserTagGroup), so this sets it on several lists at once; null stops
// sharing. As when a list is made (POST /api/user-tag-groups), its maker shares it only with a
// group they belong to; the default list (0) is nobody's to share.

export const setUserTagGroupUserGroupsRequest = typedRequest({
  permission: 'The maker of the favorite lists, with a user group they belong to.',
  effect: 'Shares the lists read-only with the user group (null: with nobody); answers how many lists changed.',
  body: SetUserTagGroupUserGroupsRequest,
  result: ContentChangedResult,
  async handle(request, body) {
    const session = await requireOwnLists(request, body.userTagGroupIds, 'userTagGroupIds');
    const { deps } = request.server;
    if (body.userTagGroupIds.includes(0)) throw validationError([{ path: 'body.userTagGroupIds', message: 'The default favorite list (0) is not shared' }]);
    if (body.userGroupId !== null && (await deps.sql.query('SELECT 1 FROM users WHERE id = $1 AND user_group_id = $2', [session.userId, body.userGroupId])).length === 0) {
      throw accessDenied('Lists are shared only with your own user group');
    }
    const at = deps.now().toISOString();
    let changed = 0;
    for (const listId of new Set(body.userTagGroupIds)) {
      const command = { kind: 'shareList' as const, actor: actorOf(session), listId, userGroupId: body.userGroupId, at };
      changed += (await runFavoritesCommand(deps, favoriteListStream(listId, session.userId), command)).events.length;
    }
    return { changed };
  },
});
