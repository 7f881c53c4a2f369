import { ChangedResult, RemoveUgRecipeTimingsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { deleteAuditedRows, requireExisting } from '../reference-data/audited-links.ts';

// remove-ug-recipe-timings {ids} (spec 3 section 7): takes scheduled recipes off the groups'
// calendars. A timing has no history of its own to keep: it is deleted, its audit row keeps it.

export const removeUgRecipeTimingsRequest = typedRequest({
  permission: 'Service operators (timings).',
  effect: 'Deletes the recipe timings (each kept in its audit row).',
  body: RemoveUgRecipeTimingsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'ug_recipe_timings', body.ids, 'ids');
      return { changed: await deleteAuditedRows(tx, 'ug_recipe_timings', body.ids, userId, 'remove-ug-recipe-timings') };
    });
  },
});
