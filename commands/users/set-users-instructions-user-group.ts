import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUsersUserGroupRequest } from '../../schemas/api/user-group-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { setUsersGroupColumn } from './users-group-column.ts';

// set-users-instructions-user-group {userIds, userGroupId} (spec 3 section 7): units whose
// instructions (a group's info and footer files) come from another group than their own, for
// example units of one organisation sharing its instructions (users.instructions_user_group_id,
// migration 030; null: their own group's).

export const setUsersInstructionsUserGroupRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Sets the group whose instructions (info and footer files) the users are shown (null: their own group's).",
  body: SetUsersUserGroupRequest,
  result: ChangedResult,
  handle: (request, body) => setUsersGroupColumn(request, body, 'instructions_user_group_id', 'set-users-instructions-user-group'),
});
