import { CategoryList, type Category } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The music categories of the channel's checklist. */
export function getMusicCategories(): Promise<Category[]> {
  return apiRequest('/api/categories', { query: { type: 'Music' }, schema: CategoryList });
}
