import type { UserTagGroupList, UserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getUserTagGroups(): Promise<UserTagGroup[]> {
  return apiRequest<UserTagGroupList>('/api/user-tag-groups');
}
