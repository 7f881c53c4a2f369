import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { SetUserGroupCategoriesRequest } from '../../schemas/api/user-group-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedLinks } from '../reference-data/audited-links.ts';
import { setGroupLinks } from './group-links.ts';

// set-user-group-categories {userGroupIds, categoryIds, value, mode} (spec 3 section 7): which
// categories a group's members see and how their usage report counts them. value true links them
// in `mode` (null: shown only; trackUsage: counted in the report; targetable: also given a monthly
// target in the report's category targets, queries/library/get-categories.ts); false unlinks them
// and the members fall back to the category's own usageReport.

export const setUserGroupCategoriesRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Links (value true, in mode null, trackUsage or targetable) or unlinks (false) every category for every user group; targetable puts the category in the members' usage report targets.",
  body: SetUserGroupCategoriesRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'user_groups', body.userGroupIds, 'userGroupIds');
      await requireExisting(tx, 'categories', body.categoryIds, 'categoryIds');
      const query = 'set-user-group-categories';
      const changed = body.value
        ? await setGroupLinks(tx, { table: 'user_group_categories', other: 'category_id' }, body.userGroupIds, body.categoryIds, body.mode, userId, query)
        : await setAuditedLinks(tx, { table: 'user_group_categories', left: 'user_group_id', right: 'category_id' }, body.userGroupIds, body.categoryIds, false, userId, query);
      return { changed };
    });
  },
});
