import { UserTagGroupList, type UserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user-tag-groups: the lists the caller may read, to find the easy list by its name. */
export function getUserTagGroups(): Promise<UserTagGroup[]> {
  return apiRequest('/api/user-tag-groups', { schema: UserTagGroupList });
}
