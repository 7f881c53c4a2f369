import type { CategoryList, Category } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** With userId: as that user has them (usageReport follows their group's category modes, for the targets). */
export function getCategories(signal?: AbortSignal, userId?: number): Promise<Category[]> {
  return apiRequest<CategoryList>('/api/categories', { query: { userId: userId === undefined ? undefined : String(userId) }, signal });
}
