import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUserGroupItemsActiveRequest } from '../../schemas/api/user-group-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedColumn } from '../reference-data/audited-links.ts';

// set-user-group-items-active {ids, active} (spec 3 section 7): suspends memberships (or restores
// them) without deleting them, so the mode is kept for when the member comes back.

export const setUserGroupItemsActiveRequest = typedRequest({
  permission: 'Service operators.',
  effect: 'Sets active on the group memberships (user-group-items); an inactive membership keeps its mode.',
  body: SetUserGroupItemsActiveRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'user_group_items', body.ids, 'ids');
      return { changed: await setAuditedColumn(tx, 'user_group_items', body.ids, 'active', body.active, userId, 'set-user-group-items-active') };
    });
  },
});
