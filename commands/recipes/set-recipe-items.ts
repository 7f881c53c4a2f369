import { validationError } from '../../infra/errors.ts';
import { RecipeItemIdsResult, SetRecipeItemsRequest } from '../../schemas/api/content-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { deleteAuditedRows } from '../reference-data/audited-links.ts';
import { insertAuditedRow, lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// set-recipe-items {recipeId, items: [{id?, type, audioFileId?, active?}]} -> {ids} (spec 3
// section 7): the back office's recipe editor saves the whole item list at once. The list becomes
// the recipe's items in that order (order = position): an item with an id keeps its row (and its
// play history's reference), one without is new, and the recipe's items left out are deleted, each
// change with its audit row. An active left out keeps the item's own (true for a new one).

const query = 'set-recipe-items';

interface ItemRow extends Record<string, unknown> {
  id: number;
  recipe_id: number;
  type: string;
  order: number;
  audio_file_id: number | null;
  active: boolean;
}

export const setRecipeItemsRequest = typedRequest({
  permission: 'Service operators (recipes).',
  effect: "Replaces the recipe's items with the list given, in that order: listed ids are kept and updated, new items added, the rest deleted; answers the items' ids.",
  body: SetRecipeItemsRequest,
  result: RecipeItemIdsResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    const seen = new Set<number>();
    for (const [i, item] of body.items.entries()) {
      if (item.id === undefined) continue;
      if (seen.has(item.id)) throw validationError([{ path: `body.items.${i}.id`, message: `Item ${item.id} is listed twice` }]);
      seen.add(item.id);
    }
    return request.server.deps.sql.transaction(async (tx) => {
      // The recipe's row, locked: two saves of one recipe (even one without items yet) take turns.
      if (!(await lockRow(tx, 'recipes', body.recipeId))) throw validationError([{ path: 'body.recipeId', message: `No such row: ${body.recipeId}` }]);
      const current = await tx.query<ItemRow>('SELECT * FROM recipe_items WHERE recipe_id = $1 ORDER BY id FOR UPDATE', [body.recipeId]);
      const byId = new Map(current.map((row) => [Number(row.id), row]));
      const audioFileIds = [...new Set(body.items.flatMap((item) => (item.audioFileId == null ? [] : [item.audioFileId])))];
      const known = new Set((await tx.query<{ id: number }>('SELECT id FROM audio_files WHERE id = ANY($1::integer[])', [audioFileIds])).map((r) => Number(r.id)));
      for (const [i, item] of body.items.entries()) {
        if (item.id !== undefined && !byId.has(item.id)) throw validationError([{ path: `body.items.${i}.id`, message: `No item ${item.id} in recipe ${body.recipeId}` }]);
        if (item.audioFileId != null && !known.has(item.audioFileId)) throw validationError([{ path: `body.items.${i}.audioFileId`, message: `No such row: ${item.audioFileId}` }]);
      }
      await deleteAuditedRows(tx, 'recipe_items', current.filter((row) => !seen.has(Number(row.id))).map((row) => Number(row.id)), userId, query);
      const ids: number[] = [];
      for (const [order, item] of body.items.entries()) {
        const values = { type: item.type, order, audio_file_id: item.audioFileId ?? null };
        const old = item.id === undefined ? undefined : byId.get(item.id);
        const row = old
          ? await updateAuditedRow(tx, 'recipe_items', old, { ...values, active: item.active ?? old.active }, userId, query)
          : await insertAuditedRow<ItemRow>(tx, 'recipe_items', { recipe_id: body.recipeId, ...values, active: item.active ?? true }, userId, query);
        ids.push(Number(row.id));
      }
      return { ids };
    });
  },
});
