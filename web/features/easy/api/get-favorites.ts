import type { Favorites } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/favorites of one list: its files in order, with the time each joined the list. */
export function getFavorites(listId: number): Promise<Favorites> {
  return apiRequest<Favorites>('/api/favorites', { query: { userTagGroupIdList: String(listId) } });
}
