import type { CopiedUserTagGroup, CopyUserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postCopyUserTagGroup(request: CopyUserTagGroup): Promise<CopiedUserTagGroup> {
  return apiRequest<CopiedUserTagGroup>('/api/copy-user-tag-group', { method: 'POST', body: request });
}
