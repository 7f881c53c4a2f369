import type { ProjectionStatusList } from '../../../../schemas/api/projections.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/projections: every projection's position, lag, state and the event it fails on. */
export function getProjections(): Promise<ProjectionStatusList> {
  return apiRequest<ProjectionStatusList>('/api/admin/projections');
}
