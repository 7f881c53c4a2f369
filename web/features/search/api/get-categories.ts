import type { CategoryList, Category } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Music and program categories for the multi-select. */
export function getCategories(): Promise<Category[]> {
  return apiRequest<CategoryList>('/api/categories', { query: { type: 'Music,Program' } });
}
