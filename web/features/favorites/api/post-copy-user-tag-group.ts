import { CopiedUserTagGroup, type CopyUserTagGroup } from '../../../../schemas/api/favorites.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postCopyUserTagGroup(request: CopyUserTagGroup): Promise<CopiedUserTagGroup> {
  return apiRequest('/api/copy-user-tag-group', { method: 'POST', body: request, schema: CopiedUserTagGroup });
}
