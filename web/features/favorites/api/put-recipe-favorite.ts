import type { SetRecipeFavoriteResult, SetRecipeFavorite } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putRecipeFavorite(request: SetRecipeFavorite): Promise<SetRecipeFavoriteResult> {
  return apiRequest<SetRecipeFavoriteResult>('/api/set-recipe-favorite', { method: 'PUT', body: request });
}
