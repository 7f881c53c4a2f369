import { validationError } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { SetAudioFileFavorite, SetAudioFileFavoriteResult } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand } from './favorite-list-stream.ts';

// PUT /api/set-audio-file-favorite {userTagGroupId, audioFileId, value, order?, insertionTime?}:
// adds a file to a list the caller made (order: the one given, else max + 1; a given order another
// file holds moves that file down, so order stays unique in a list; insertion time: the one given,
// else now) or removes it. Setting what already is appends nothing.
export function setAudioFileFavoriteRoute(app: App): void {
  app.put('/api/set-audio-file-favorite', { schema: { body: SetAudioFileFavorite, response: { 200: SetAudioFileFavoriteResult } } }, async (request) => {
    const session = requireUser(request);
    const { sql, now } = app.deps;
    const { userTagGroupId: listId, audioFileId, value } = request.body;
    if (value && (await sql.query('SELECT 1 FROM audio_files WHERE id = $1', [audioFileId])).length === 0) {
      throw validationError([{ path: 'body.audioFileId', message: 'Unknown audio file' }]);
    }
    const stream = favoriteListStream(listId, session.userId);
    const insertionTime = request.body.insertionTime ? new Date(request.body.insertionTime).toISOString() : null;
    const { events, state } = await runFavoritesCommand(app.deps, stream, {
      kind: 'setAudioFile',
      actor: actorOf(session),
      listId,
      audioFileId,
      value,
      order: request.body.order ?? null,
      insertionTime,
      at: now().toISOString(),
    });
    const entry = state.audioFiles.get(audioFileId);
    return { userTagGroupId: listId, audioFileId, value, order: entry?.order ?? null, insertionTime: entry?.insertionTime ?? null, changed: events.length > 0 };
  });
}
