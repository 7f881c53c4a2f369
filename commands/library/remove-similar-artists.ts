import { ChangedResult, SimilarArtistsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { similarArtists, setSimilar } from './similarity.ts';

// remove-similar-artists {artistId, artistIds} (spec 3 section 7): undoes add-similar-artists for these pairs,
// both directions.

export const removeSimilarArtistsRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: 'Removes the similarity of the artists and the artist (both ways).',
  body: SimilarArtistsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => ({
      changed: await setSimilar(tx, similarArtists, body.artistId, body.artistIds, false, userId, 'remove-similar-artists'),
    }));
  },
});
