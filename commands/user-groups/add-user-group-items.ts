import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { AddUserGroupItemsRequest } from '../../schemas/api/user-group-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting } from '../reference-data/audited-links.ts';
import { setGroupLinks } from './group-links.ts';

// add-user-group-items {userIds, userGroupIds, mode} (spec 3 section 7): makes every user a member
// of every group in the mode (spec 3 section 6: ReadOnly, ReadWrite, Admin, the message modes). A
// membership that exists gets the mode and is active again.

export const addUserGroupItemsRequest = typedRequest({
  permission: 'Service operators.',
  effect: 'Makes every user a member of every group in the mode (an existing membership gets the mode and is active again).',
  body: AddUserGroupItemsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'users', body.userIds, 'userIds');
      await requireExisting(tx, 'user_groups', body.userGroupIds, 'userGroupIds');
      const link = { table: 'user_group_items', other: 'user_id' } as const;
      return { changed: await setGroupLinks(tx, link, body.userGroupIds, body.userIds, body.mode, userId, 'add-user-group-items') };
    });
  },
});
