import { RebuildOverview } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/rebuilds/switch: the caught-up version starts serving, in one step. */
export function postSwitchVersion(): Promise<RebuildOverview> {
  return apiRequest('/api/admin/rebuilds/switch', { method: 'POST', schema: RebuildOverview });
}
