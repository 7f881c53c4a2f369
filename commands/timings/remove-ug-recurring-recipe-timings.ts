import { ChangedResult, RemoveUgRecurringRecipeTimingsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { deleteAuditedRows, requireExisting } from '../reference-data/audited-links.ts';

// remove-ug-recurring-recipe-timings {ids} (spec 3 section 7): takes recurring recipes off the
// groups' calendars; each deleted row is kept in its audit row.

export const removeUgRecurringRecipeTimingsRequest = typedRequest({
  permission: 'Service operators (timings).',
  effect: 'Deletes the recurring recipe timings (each kept in its audit row).',
  body: RemoveUgRecurringRecipeTimingsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'ug_recurring_recipe_timings', body.ids, 'ids');
      return { changed: await deleteAuditedRows(tx, 'ug_recurring_recipe_timings', body.ids, userId, 'remove-ug-recurring-recipe-timings') };
    });
  },
});
