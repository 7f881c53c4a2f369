import { RebuildProgress, type StartRebuildRequest } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/rebuilds: records the rules and builds the next warehouse version beside the current one. */
export function postRebuild(request: StartRebuildRequest): Promise<RebuildProgress> {
  return apiRequest('/api/admin/rebuilds', { method: 'POST', body: request, schema: RebuildProgress });
}
