import type { ReadModelRebuildProgress, RebuildProgress, StartRebuildRequest } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/rebuilds: records the rules and builds the next warehouse version beside the current one. */
export function postRebuild(request: StartRebuildRequest): Promise<RebuildProgress> {
  return apiRequest<RebuildProgress>('/api/admin/rebuilds', { method: 'POST', body: request });
}

/** POST /api/admin/rebuilds {projection}: builds the next version of a read model beside the serving one. */
export function postReadModelRebuild(projection: string): Promise<ReadModelRebuildProgress> {
  return apiRequest<ReadModelRebuildProgress>('/api/admin/rebuilds', { method: 'POST', body: { projection } });
}
