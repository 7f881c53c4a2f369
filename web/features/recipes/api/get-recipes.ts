import type { RecipeList } from '../../../../schemas/api/recipes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** One page of the recipe list (GET /api/recipes): the text anywhere, newest first on request. */
export function getRecipes(request: { text: string; offset: number; limit: number; sortByInsertionTime: boolean }): Promise<RecipeList> {
  return apiRequest<RecipeList>('/api/recipes', {
    query: {
      contentQuery: request.text ? `*${request.text}*` : undefined,
      offset: String(request.offset),
      limit: String(request.limit),
      sortByInsertionTime: request.sortByInsertionTime ? 'true' : undefined,
    },
  });
}
