import type { UsageDetailsLog } from '../../../../../schemas/api/usage-details-log.ts';
import { apiRequest } from '../../../../lib/api-client.ts';

export interface LogPageArgs {
  userId: number;
  firstDay: string;
  lastDay: string;
  offset: number;
  limit: number;
}

/** GET /api/usage-details-log/{userId}/{first}/{last}: one page of the plays of started sessions. */
export function getUsageDetailsLog({ userId, firstDay, lastDay, offset, limit }: LogPageArgs, showShort: boolean, signal?: AbortSignal): Promise<UsageDetailsLog> {
  return apiRequest<UsageDetailsLog>(`/api/usage-details-log/${userId}/${firstDay}/${lastDay}`, {
    query: { offset: String(offset), limit: String(limit), showShort: String(showShort) },
    signal,
  });
}
