import type { MessageTimings, RecipeTimings } from '../../../schemas/api/timings.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The recipes of each day first..lastDay (GET /api/recipe-timings), at most 42 days. */
export function getRecipeTimings(firstDay: string, lastDay: string, signal?: AbortSignal): Promise<RecipeTimings> {
  return apiRequest<RecipeTimings>('/api/recipe-timings', { query: { firstDay, lastDay }, signal });
}

/** The caller's messages on each day firstDay..lastDay (GET /api/message-timings). */
export function getMessageTimings(firstDay: string, lastDay: string, signal?: AbortSignal): Promise<MessageTimings> {
  return apiRequest<MessageTimings>('/api/message-timings', { query: { firstDay, lastDay }, signal });
}
