import { ChangedResult, SimilarAudioFilesRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { similarAudioFiles, setSimilar } from './similarity.ts';

// remove-similar-audio-files {audioFileId, audioFileIds} (spec 3 section 7): undoes add-similar-audio-files for
// these pairs, both directions.

export const removeSimilarAudioFilesRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: 'Removes the similarity of the audio files and the audio file (both ways).',
  body: SimilarAudioFilesRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => ({
      changed: await setSimilar(tx, similarAudioFiles, body.audioFileId, body.audioFileIds, false, userId, 'remove-similar-audio-files'),
    }));
  },
});
