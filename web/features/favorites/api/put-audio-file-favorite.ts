import { SetAudioFileFavoriteResult, type SetAudioFileFavorite } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putAudioFileFavorite(request: SetAudioFileFavorite): Promise<SetAudioFileFavoriteResult> {
  return apiRequest('/api/set-audio-file-favorite', { method: 'PUT', body: request, schema: SetAudioFileFavoriteResult });
}
