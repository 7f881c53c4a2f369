import { validationError } from '../../infra/errors.ts';
import { AddedIdsResult, CopyRecipeRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting } from '../reference-data/audited-links.ts';
import { insertAuditedRow } from '../reference-data/audited-row.ts';

// copy-recipe {fromRecipeId, toRecipeId} -> {ids} (spec 3 section 7): the back office fills a
// recipe with another's items (typically a new recipe made from an old one). The copies come
// after the target's own items, in the source's order, with their active flags; the answer is
// the new items' ids. The source is unchanged.

export const copyRecipeRequest = typedRequest({
  permission: 'Service operators (recipes).',
  effect: "Appends copies of the source recipe's items to the target recipe, in order.",
  body: CopyRecipeRequest,
  result: AddedIdsResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    if (body.fromRecipeId === body.toRecipeId) throw validationError([{ path: 'body.toRecipeId', message: 'A recipe cannot be copied into itself' }]);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'recipes', [body.fromRecipeId], 'fromRecipeId');
      await requireExisting(tx, 'recipes', [body.toRecipeId], 'toRecipeId');
      // Locks the target's items, so two copies into one recipe do not interleave their orders.
      const [last] = await tx.query<{ max: number | null }>('SELECT max("order") AS max FROM (SELECT "order" FROM recipe_items WHERE recipe_id = $1 FOR UPDATE) t', [body.toRecipeId]);
      const items = await tx.query<{ type: string; audio_file_id: number | null; active: boolean }>('SELECT type, audio_file_id, active FROM recipe_items WHERE recipe_id = $1 ORDER BY "order", id', [body.fromRecipeId]);
      const start = last?.max == null ? 0 : Number(last.max) + 1;
      const ids: number[] = [];
      for (const [i, item] of items.entries()) {
        const row = await insertAuditedRow<{ id: number }>(tx, 'recipe_items', { recipe_id: body.toRecipeId, type: item.type, order: start + i, audio_file_id: item.audio_file_id, active: item.active }, userId, 'copy-recipe');
        ids.push(Number(row.id));
      }
      return { ids };
    });
  },
});
