import type { UserTagGroup, NewUserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postUserTagGroup(list: Pick<NewUserTagGroup, 'name' | 'description'>): Promise<UserTagGroup> {
  return apiRequest<UserTagGroup>('/api/user-tag-groups', { method: 'POST', body: list });
}
