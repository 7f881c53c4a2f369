import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { RemovedUserTagGroup, UserTagGroupParams } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand } from './favorite-list-stream.ts';

// DELETE /api/user-tag-groups/{id}: removes a list the caller made (not the default list 0). It
// stops being anyone's active list (projections/postgres/favorites.ts).
export function removeUserTagGroupRoute(app: App): void {
  app.delete('/api/user-tag-groups/:id', { schema: { params: UserTagGroupParams, response: { 200: RemovedUserTagGroup } } }, async (request) => {
    const session = requireUser(request);
    const { now } = app.deps;
    const listId = request.params.id;
    await runFavoritesCommand(app.deps, favoriteListStream(listId, session.userId), { kind: 'removeList', actor: actorOf(session), listId, at: now().toISOString() });
    return { id: listId, removed: true };
  });
}
