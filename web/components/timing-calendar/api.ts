import { MessageTimings, RecipeTimings } from '../../../schemas/api/timings.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The recipes of each day first..lastDay (GET /api/recipe-timings), at most 42 days. */
export function getRecipeTimings(firstDay: string, lastDay: string, signal?: AbortSignal): Promise<RecipeTimings> {
  return apiRequest('/api/recipe-timings', { query: { firstDay, lastDay }, schema: RecipeTimings, signal });
}

/** The caller's messages on each day firstDay..lastDay (GET /api/message-timings). */
export function getMessageTimings(firstDay: string, lastDay: string, signal?: AbortSignal): Promise<MessageTimings> {
  return apiRequest('/api/message-timings', { query: { firstDay, lastDay }, schema: MessageTimings, signal });
}
