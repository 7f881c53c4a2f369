import type { RecipeItems } from '../../../../schemas/api/recipe-items.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A recipe's header and items, with the stream URLs the player needs (POST /api/get-recipe-items). */
export function getRecipeItems(recipeId: number): Promise<RecipeItems> {
  return apiRequest<RecipeItems>('/api/get-recipe-items', { method: 'POST', body: { recipeIds: [recipeId] } });
}
