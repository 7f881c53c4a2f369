import type { GetAudioFilesResponse, AudioFile } from '../../../schemas/api/library.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** POST /api/get-audio-files for one id: the audio file info modal's data; null when not found. */
export async function getAudioFile(id: number): Promise<AudioFile | null> {
  const answer = await apiRequest<GetAudioFilesResponse>('/api/get-audio-files', { method: 'POST', body: { ids: [id], limit: 1 } });
  return answer.items[0] ?? null;
}
