import type { SetTargetCountResult, TargetField } from '../../../../schemas/api/requests.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets the current month's target; the server picks the month in the user's time zone. */
export function setTargetCount(body: { field: TargetField; userId: number; categoryId?: number; value: number }): Promise<SetTargetCountResult> {
  return apiRequest<SetTargetCountResult>('/api/requests/set-target-count', { method: 'POST', body });
}
