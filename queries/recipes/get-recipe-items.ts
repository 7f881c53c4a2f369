import { AppError } from '../../infra/errors.ts';
import { GetRecipeItemsRequest, RecipeItems } from '../../schemas/api/recipe-items.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { streamUrlFor } from '../library/stream-url-for.ts';
import { loadRecipeHeaders, loadRecipeItems } from './recipe-item-rows.ts';

// POST /api/get-recipe-items {recipeIds} (spec 2 sections 3 and 7): the named recipes' headers and
// their items for the recipe screen. Only active items whose audio file is active count; a recipe
// id that names no active recipe is NotFound, naming the field and the position, so the screen
// never shows an empty recipe for a stale link. The loading is recipe-item-rows.ts, shared with today's
// messages.

export function getRecipeItemsRoute(app: App): void {
  app.post('/api/get-recipe-items', { schema: { body: GetRecipeItemsRequest, response: { 200: RecipeItems } } }, async (request) => {
    const session = requireUser(request);
    const ids = [...new Set(request.body.recipeIds)];
    const sql = app.deps.sql;
    const headers = await loadRecipeHeaders(sql, ids);
    const known = new Set(headers.map((h) => h.id));
    const missing = request.body.recipeIds.flatMap((id, index) => (known.has(id) ? [] : [{ path: `recipeIds.${index}`, message: `No such recipe: ${id}` }]));
    if (missing.length > 0) throw new AppError('NotFound', undefined, missing);
    return { recipes: headers, items: await loadRecipeItems(sql, ids, streamUrlFor(request, session)) };
  });
}
