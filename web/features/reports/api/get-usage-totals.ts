import type { UsageTotals } from '../../../../schemas/api/usage-report.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getUsageTotals(userId: number, firstDay: string, lastDay: string, signal?: AbortSignal): Promise<UsageTotals> {
  return apiRequest<UsageTotals>(`/api/usage/${userId}/${firstDay}/${lastDay}`, { signal });
}
