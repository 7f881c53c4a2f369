import { validationError } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { SetRecipeFavorite, SetRecipeFavoriteResult } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand } from './favorite-list-stream.ts';

// PUT /api/set-recipe-favorite {userTagGroupId, recipeId, value}: adds a recipe to, or removes it
// from, a list the caller made.
export function setRecipeFavoriteRoute(app: App): void {
  app.put('/api/set-recipe-favorite', { schema: { body: SetRecipeFavorite, response: { 200: SetRecipeFavoriteResult } } }, async (request) => {
    const session = requireUser(request);
    const { sql, now } = app.deps;
    const { userTagGroupId: listId, recipeId, value } = request.body;
    if (value && (await sql.query('SELECT 1 FROM recipes WHERE id = $1', [recipeId])).length === 0) {
      throw validationError([{ path: 'body.recipeId', message: 'Unknown recipe' }]);
    }
    const { events } = await runFavoritesCommand(app.deps, favoriteListStream(listId, session.userId), {
      kind: 'setRecipe',
      actor: actorOf(session),
      listId,
      recipeId,
      value,
      at: now().toISOString(),
    });
    return { userTagGroupId: listId, recipeId, value, changed: events.length > 0 };
  });
}
