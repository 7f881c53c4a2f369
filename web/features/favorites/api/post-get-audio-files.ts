import type { GetAudioFilesResponse, GetAudioFilesRequest } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The library's rows for favorites: they carry the stream URL the player needs. */
export function postGetAudioFiles(request: GetAudioFilesRequest): Promise<GetAudioFilesResponse> {
  return apiRequest<GetAudioFilesResponse>('/api/get-audio-files', { method: 'POST', body: request });
}
