import type { CategoryList, Category } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The music categories of the channel's checklist. */
export function getMusicCategories(): Promise<Category[]> {
  return apiRequest<CategoryList>('/api/categories', { query: { type: 'Music' } });
}
