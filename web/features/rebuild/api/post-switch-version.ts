import type { RebuildOverview } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/rebuilds/switch: the caught-up version (of a read model, when named) starts serving, in one step. */
export function postSwitchVersion(projection?: string): Promise<RebuildOverview> {
  return apiRequest<RebuildOverview>('/api/admin/rebuilds/switch', { method: 'POST', body: projection === undefined ? undefined : { projection } });
}
