import type { GetTargetCountsResult } from '../../../../schemas/api/requests.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getTargetCounts(userIds: number[], firstDay: string, lastDay: string): Promise<GetTargetCountsResult> {
  return apiRequest<GetTargetCountsResult>('/api/requests/get-target-counts', {
    method: 'POST',
    body: { userIds, firstDay, lastDay },
  });
}
