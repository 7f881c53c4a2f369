import type { RemovedUserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteUserTagGroup(id: number): Promise<{ id: number; removed: boolean }> {
  return apiRequest<RemovedUserTagGroup>(`/api/user-tag-groups/${id}`, { method: 'DELETE' });
}
