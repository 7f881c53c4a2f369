import type { GetAudioFilesResponse, AudioFile } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { piecesPerCategory } from '../channel-rules.ts';

/** The similarity query (spec 1 section 4): up to 5 random music pieces of each category. */
export async function postChannelPieces(categoryIds: number[]): Promise<AudioFile[]> {
  const answer = await apiRequest<GetAudioFilesResponse>('/api/get-audio-files', {
    method: 'POST',
    body: { similarityQuery: true, categoryIds, type: ['MusicPiece'], limit: piecesPerCategory, offset: 0 },
  });
  return answer.items;
}
