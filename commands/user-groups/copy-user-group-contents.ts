import { validationError } from '../../infra/errors.ts';
import { ChangedResult } from '../../schemas/api/back-office-requests.ts';
import { CopyUserGroupContentsRequest } from '../../schemas/api/user-group-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { auditRows, requireExisting } from '../reference-data/audited-links.ts';

// copy-user-group-contents {fromUserGroupIds, toUserGroupId} (spec 3 section 7): a new group set up
// from existing ones. The group gets the source groups' categories (with their mode and active
// flag), recipes and files; what it has already stays as it is (a category it has keeps its own
// mode). Members, timings and messages are not contents: they are not copied.

const contents = [
  { table: 'user_group_categories', columns: ['category_id', 'mode', 'active'] },
  { table: 'user_group_recipes', columns: ['recipe_id'] },
  { table: 'user_group_files', columns: ['file_id'] },
] as const;

export const copyUserGroupContentsRequest = typedRequest({
  permission: 'Service operators.',
  effect: "Adds the source groups' categories (with their modes), recipes and files to the group; what the group has already stays.",
  body: CopyUserGroupContentsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    if (body.fromUserGroupIds.includes(body.toUserGroupId)) throw validationError([{ path: 'body.toUserGroupId', message: 'A group cannot be copied into itself' }]);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'user_groups', body.fromUserGroupIds, 'fromUserGroupIds');
      await requireExisting(tx, 'user_groups', [body.toUserGroupId], 'toUserGroupId');
      let changed = 0;
      for (const { table, columns } of contents) {
        const list = columns.map((c) => `"${c}"`).join(', ');
        // The lowest source group first: of two sources with the same category, its mode wins.
        const rows = await tx.query<Record<string, unknown>>(
          `INSERT INTO ${table} (user_group_id, ${list})
           SELECT $2, ${list} FROM ${table} WHERE user_group_id = ANY($1::integer[]) ORDER BY user_group_id
           ON CONFLICT DO NOTHING RETURNING *`,
          [[...new Set(body.fromUserGroupIds)], body.toUserGroupId],
        );
        await auditRows(tx, table, 'INSERT', userId, 'copy-user-group-contents', rows.map((row) => ({ new: row })));
        changed += rows.length;
      }
      return { changed };
    });
  },
});
