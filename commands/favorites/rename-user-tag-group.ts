import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { UserTagGroup, UserTagGroupChange, UserTagGroupParams } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand, userTagGroupOf } from './favorite-list-stream.ts';

// PUT /api/user-tag-groups/{id} {name, description}: renames a list the caller made (not the
// default list 0).
export function renameUserTagGroupRoute(app: App): void {
  app.put('/api/user-tag-groups/:id', { schema: { params: UserTagGroupParams, body: UserTagGroupChange, response: { 200: UserTagGroup } } }, async (request) => {
    const session = requireUser(request);
    const { sql, now } = app.deps;
    const listId = request.params.id;
    const stream = favoriteListStream(listId, session.userId);
    const { state } = await runFavoritesCommand(app.deps, stream, {
      kind: 'renameList',
      actor: actorOf(session),
      listId,
      name: request.body.name,
      description: request.body.description,
      at: now().toISOString(),
    });
    return userTagGroupOf(sql, listId, state, session.userId);
  });
}
