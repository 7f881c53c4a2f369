import type { UserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/user-tag-groups: makes the easy list when the user has none yet (spec 1 section 7). */
export function postUserTagGroup(name: string): Promise<UserTagGroup> {
  return apiRequest<UserTagGroup>('/api/user-tag-groups', { method: 'POST', body: { name, description: '' } });
}
