import { validationError } from '../../infra/errors.ts';
import { ContentChangedResult, SetUserTagOrderRequest } from '../../schemas/api/content-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { actorOf, favoriteListStream, readFavoriteList, runFavoritesCommand } from './favorite-list-stream.ts';
import { requireOwnLists } from './user-tag-group-requests.ts';

// set-user-tag-order {userTagGroupId, audioFileId, order} (spec 3 section 7): a user tag is one
// audio file in one favorite list; this puts it at `order` directly (a drag in the list editor),
// where set-audio-file-favorite-order only steps it up or down. Order stays unique in a list: the
// file holding that order, and the run right after it, step one down.

export const setUserTagOrderRequest = typedRequest({
  permission: 'The maker of the favorite list (list 0: the caller\'s default list).',
  effect: "Moves the audio file to the order given in the list (others holding it step down); answers 1, or 0 when it was there already.",
  body: SetUserTagOrderRequest,
  result: ContentChangedResult,
  async handle(request, body) {
    const session = await requireOwnLists(request, [body.userTagGroupId], 'userTagGroupId');
    const { deps } = request.server;
    const stream = favoriteListStream(body.userTagGroupId, session.userId);
    if (!(await readFavoriteList(deps.store, stream)).audioFiles.has(body.audioFileId)) {
      throw validationError([{ path: 'body.audioFileId', message: `Audio file ${body.audioFileId} is not in the list` }]);
    }
    const { events } = await runFavoritesCommand(deps, stream, {
      kind: 'setAudioFileOrder',
      actor: actorOf(session),
      listId: body.userTagGroupId,
      audioFileId: body.audioFileId,
      order: body.order,
      at: deps.now().toISOString(),
    });
    return { changed: events.length > 0 ? 1 : 0 };
  },
});
