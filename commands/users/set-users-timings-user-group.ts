import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUsersUserGroupRequest } from '../../schemas/api/user-group-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { setUsersGroupColumn } from './users-group-column.ts';

// set-users-timings-user-group {userIds, userGroupId} (spec 3 section 7): units that follow another
// group's recipe timings (today's recipe, the recipe calendar) than their own group's; null: their
// own group's again (queries/recipes/recipe-timing-rows.ts reads it).

export const setUsersTimingsUserGroupRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Sets the group whose recipe timings the users follow (null: their own group's).",
  body: SetUsersUserGroupRequest,
  result: ChangedResult,
  handle: (request, body) => setUsersGroupColumn(request, body, 'timings_user_group_id', 'set-users-timings-user-group'),
});
