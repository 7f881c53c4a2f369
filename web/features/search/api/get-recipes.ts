import type { RecipeList } from '../../../../schemas/api/recipes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** One page of the recipes matching the search text (GET /api/recipes). */
export function getRecipes(request: { text: string; offset: number; limit: number }): Promise<RecipeList> {
  return apiRequest<RecipeList>('/api/recipes', {
    query: {
      // The server matches contentQuery with its wildcards: wrapped, the text may be anywhere.
      contentQuery: request.text ? `*${request.text}*` : undefined,
      offset: String(request.offset),
      limit: String(request.limit),
    },
  });
}
