import { CategoryList, type Category } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiRequest('/api/categories', { schema: CategoryList, signal });
}
