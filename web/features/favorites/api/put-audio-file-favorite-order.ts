import { SetAudioFileFavoriteOrderResult, type SetAudioFileFavoriteOrder } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putAudioFileFavoriteOrder(request: SetAudioFileFavoriteOrder): Promise<SetAudioFileFavoriteOrderResult> {
  return apiRequest('/api/set-audio-file-favorite-order', { method: 'PUT', body: request, schema: SetAudioFileFavoriteOrderResult });
}
