import type { UserTagGroup, UserTagGroupChange } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putUserTagGroup(id: number, change: UserTagGroupChange): Promise<UserTagGroup> {
  return apiRequest<UserTagGroup>(`/api/user-tag-groups/${id}`, { method: 'PUT', body: change });
}
