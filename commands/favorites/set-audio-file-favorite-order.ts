import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { SetAudioFileFavoriteOrder, SetAudioFileFavoriteOrderResult } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand } from './favorite-list-stream.ts';

// PUT /api/set-audio-file-favorite-order {userTagGroupId, audioFileId, direction}: moves a file one
// place up (towards the start) or down in a list the caller made, by swapping orders with its
// neighbour. At either end nothing moves.
export function setAudioFileFavoriteOrderRoute(app: App): void {
  app.put('/api/set-audio-file-favorite-order', { schema: { body: SetAudioFileFavoriteOrder, response: { 200: SetAudioFileFavoriteOrderResult } } }, async (request) => {
    const session = requireUser(request);
    const { now } = app.deps;
    const { userTagGroupId: listId, audioFileId, direction } = request.body;
    const { events } = await runFavoritesCommand(app.deps, favoriteListStream(listId, session.userId), {
      kind: 'moveAudioFile',
      actor: actorOf(session),
      listId,
      audioFileId,
      direction,
      at: now().toISOString(),
    });
    const moved = events.flatMap((e) => (e.type === 'AudioFileFavoriteMoved' ? [{ audioFileId: e.data.audioFileId, order: e.data.order }] : []));
    return { userTagGroupId: listId, moved, changed: moved.length > 0 };
  });
}
