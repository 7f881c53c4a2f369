import type { UserTagGroupList, UserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user-tag-groups: the lists the caller may read, to find the easy list by its name. */
export function getUserTagGroups(): Promise<UserTagGroup[]> {
  return apiRequest<UserTagGroupList>('/api/user-tag-groups');
}
