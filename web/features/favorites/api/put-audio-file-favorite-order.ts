import type { SetAudioFileFavoriteOrderResult, SetAudioFileFavoriteOrder } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putAudioFileFavoriteOrder(request: SetAudioFileFavoriteOrder): Promise<SetAudioFileFavoriteOrderResult> {
  return apiRequest<SetAudioFileFavoriteOrderResult>('/api/set-audio-file-favorite-order', { method: 'PUT', body: request });
}
