import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUsersUserGroupRequest } from '../../schemas/api/user-group-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { setUsersGroupColumn } from './users-group-column.ts';

// set-users-user-group {userIds, userGroupId} (spec 3 section 7): moves units into a group (or out
// of any: null). A user's group decides the group messages they receive and send, the group's
// events and, unless a timings group is set, the recipe timings they follow.

export const setUsersUserGroupRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Sets the users' group (userGroupId; null: none), which decides their group messages and, without a timings group, their recipe timings.",
  body: SetUsersUserGroupRequest,
  result: ChangedResult,
  handle: (request, body) => setUsersGroupColumn(request, body, 'user_group_id', 'set-users-user-group'),
});
