import { ChangedResult, SimilarAudioFilesRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { similarAudioFiles, setSimilar } from './similarity.ts';

// add-similar-audio-files {audioFileId, audioFileIds} (spec 3 section 7): the music channel's similarity pick
// offers the similar files with this one. Both directions are stored; a pair already similar stays.

export const addSimilarAudioFilesRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: "Marks the audio files similar to the audio file (both ways), for the music channel's similarity pick.",
  body: SimilarAudioFilesRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => ({
      changed: await setSimilar(tx, similarAudioFiles, body.audioFileId, body.audioFileIds, true, userId, 'add-similar-audio-files'),
    }));
  },
});
