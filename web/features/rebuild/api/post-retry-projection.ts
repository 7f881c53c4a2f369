import type { RetryProjectionResult } from '../../../../schemas/api/projections.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/projections/{name}/retry: try the failing event again now, not after the backoff. */
export function postRetryProjection(name: string, version: number): Promise<RetryProjectionResult> {
  return apiRequest<RetryProjectionResult>(`/api/admin/projections/${encodeURIComponent(name)}/retry`, { method: 'POST', body: { version } });
}
