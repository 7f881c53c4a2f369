import { UserTagGroupList, type UserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getUserTagGroups(): Promise<UserTagGroup[]> {
  return apiRequest('/api/user-tag-groups', { schema: UserTagGroupList });
}
