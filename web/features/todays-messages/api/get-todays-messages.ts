import type { TodaysMessages } from '../../../../schemas/api/todays-messages.ts';
import type { GetAudioFilesResponse } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The caller's active recommendation messages and their items (GET /api/todays-messages). */
export function getTodaysMessages(): Promise<TodaysMessages> {
  return apiRequest<TodaysMessages>('/api/todays-messages');
}

/** The library rows of the items' audio files: they carry the stream URL the player needs. */
export function postGetAudioFiles(ids: number[]): Promise<GetAudioFilesResponse> {
  return apiRequest<GetAudioFilesResponse>('/api/get-audio-files', { method: 'POST', body: { ids, limit: ids.length } });
}
