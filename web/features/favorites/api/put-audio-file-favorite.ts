import type { SetAudioFileFavoriteResult, SetAudioFileFavorite } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putAudioFileFavorite(request: SetAudioFileFavorite): Promise<SetAudioFileFavoriteResult> {
  return apiRequest<SetAudioFileFavoriteResult>('/api/set-audio-file-favorite', { method: 'PUT', body: request });
}
