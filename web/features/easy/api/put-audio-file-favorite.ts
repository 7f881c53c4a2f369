import type { SetAudioFileFavoriteResult } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/set-audio-file-favorite: adds a file to the easy list (like) or takes it off (dislikes). */
export function putAudioFileFavorite(userTagGroupId: number, audioFileId: number, value: boolean): Promise<SetAudioFileFavoriteResult> {
  return apiRequest<SetAudioFileFavoriteResult>('/api/set-audio-file-favorite', { method: 'PUT', body: { userTagGroupId, audioFileId, value } });
}
