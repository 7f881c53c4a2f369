import { RemovedUserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteUserTagGroup(id: number): Promise<{ id: number; removed: boolean }> {
  return apiRequest(`/api/user-tag-groups/${id}`, { method: 'DELETE', schema: RemovedUserTagGroup });
}
