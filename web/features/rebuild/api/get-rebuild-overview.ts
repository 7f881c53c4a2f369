import { RebuildOverview } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/rebuilds/current: progress of a running rebuild and old vs new headline figures. */
export function getRebuildOverview(period: { first?: string; last?: string }): Promise<RebuildOverview> {
  return apiRequest('/api/admin/rebuilds/current', { schema: RebuildOverview, query: { first: period.first, last: period.last } });
}
