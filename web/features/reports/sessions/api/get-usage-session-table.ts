import type { UsageSessionTable } from '../../../../../schemas/api/usage-details.ts';
import { apiRequest } from '../../../../lib/api-client.ts';

export interface UsageSessionTableArgs {
  userId: number;
  firstDay: string;
  lastDay: string;
  residentId: number | null;
  showShort: boolean;
}

/** GET /api/usage-session-table/{userId}/{first}/{last}: one row per play, per-resident totals for own data. */
export function getUsageSessionTable({ userId, firstDay, lastDay, residentId, showShort }: UsageSessionTableArgs, signal?: AbortSignal): Promise<UsageSessionTable> {
  return apiRequest<UsageSessionTable>(`/api/usage-session-table/${userId}/${firstDay}/${lastDay}`, {
    query: { showShort: String(showShort), residentId: residentId === null ? undefined : String(residentId) },
    signal,
  });
}
