import type { DropOldVersionsResponse } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/rebuilds/drop-old: drops the tables of versions no longer serving (of a read model, when named). */
export function postDropOldVersions(projection?: string): Promise<{ droppedVersions: number[] }> {
  return apiRequest<DropOldVersionsResponse>('/api/admin/rebuilds/drop-old', { method: 'POST', body: projection === undefined ? undefined : { projection } });
}
