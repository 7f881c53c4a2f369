import type { GetAudioFilesResponse } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/get-audio-files by ids: the stream URL and cover image of each tile. */
export function postGetAudioFiles(ids: number[]): Promise<GetAudioFilesResponse> {
  return apiRequest<GetAudioFilesResponse>('/api/get-audio-files', { method: 'POST', body: { ids, limit: Math.max(ids.length, 1) } });
}
