import type { GetAudioFilesResponse } from '../../../../schemas/api/library.ts';
import type { UserTagGroupList, UserTagGroup } from '../../../../schemas/api/favorites.ts';
import type { RecipeList } from '../../../../schemas/api/recipes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// What the item editor offers for the item's type (spec 2 section 4: "changes the type and
// searches the matching content"): audio files by text, recipes by text, the caller's lists.

/** POST /api/get-audio-files {query}: audio files matching the text; by ids: their stream data. */
export function searchAudioFiles(body: { query?: string; ids?: number[]; limit: number }): Promise<GetAudioFilesResponse> {
  return apiRequest<GetAudioFilesResponse>('/api/get-audio-files', { method: 'POST', body });
}

/** GET /api/recipes?contentQuery: recipes matching the text. */
export async function searchRecipes(text: string): Promise<{ id: number; name: string }[]> {
  const list = await apiRequest<RecipeList>('/api/recipes', { query: { contentQuery: text ? `*${text}*` : undefined, limit: '20' } });
  return list.items.map((r) => ({ id: r.id, name: r.name }));
}

/** GET /api/user-tag-groups: the favorite lists the caller may read. */
export function getFavoriteLists(): Promise<UserTagGroup[]> {
  return apiRequest<UserTagGroupList>('/api/user-tag-groups');
}
