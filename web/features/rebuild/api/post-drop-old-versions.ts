import { DropOldVersionsResponse } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/rebuilds/drop-old: drops the tables of versions no longer serving. */
export function postDropOldVersions(): Promise<{ droppedVersions: number[] }> {
  return apiRequest('/api/admin/rebuilds/drop-old', { method: 'POST', schema: DropOldVersionsResponse });
}
