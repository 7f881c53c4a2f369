import type { TodaysRecipe } from '../../../../schemas/api/recipes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The recipe of the caller's day (GET /api/todays-recipe); recipeId null when none is timed. */
export function getTodaysRecipe(): Promise<TodaysRecipe> {
  return apiRequest<TodaysRecipe>('/api/todays-recipe');
}
