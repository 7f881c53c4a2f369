import { ChangedResult, SimilarArtistsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { similarArtists, setSimilar } from './similarity.ts';

// add-similar-artists {artistId, artistIds} (spec 3 section 7): the music channel's similarity pick
// also offers the similar artists' music. Both directions are stored; a pair already similar stays.

export const addSimilarArtistsRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: "Marks the artists similar to the artist (both ways); the music channel's similarity pick then offers their music.",
  body: SimilarArtistsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => ({
      changed: await setSimilar(tx, similarArtists, body.artistId, body.artistIds, true, userId, 'add-similar-artists'),
    }));
  },
});
