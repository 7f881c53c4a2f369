import type { RebuildOverview } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/rebuilds/current: progress of a running rebuild and old vs new headline figures. */
export function getRebuildOverview(period: { first?: string; last?: string }): Promise<RebuildOverview> {
  return apiRequest<RebuildOverview>('/api/admin/rebuilds/current', { query: { first: period.first, last: period.last } });
}
