import type { ActiveUserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postSetActiveUserTagGroup(userTagGroupId: number | null): Promise<{ activeUserTagGroupId: number | null }> {
  return apiRequest<ActiveUserTagGroup>('/api/set-active-user-tag-group', { method: 'POST', body: { userTagGroupId } });
}
