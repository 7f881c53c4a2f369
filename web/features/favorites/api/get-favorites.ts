import type { Favorites } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every favorite audio file and recipe of one list, in the list's order (no limit: lists are short). */
export function getFavorites(listId: number): Promise<Favorites> {
  return apiRequest<Favorites>('/api/favorites', { query: { userTagGroupIdList: String(listId) } });
}
