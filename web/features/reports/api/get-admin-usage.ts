import type { AdminUsage } from '../../../../schemas/api/usage-report.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Monthly usage of every user the caller administers. */
export function getAdminUsage(firstDay: string, lastDay: string, signal?: AbortSignal): Promise<AdminUsage> {
  return apiRequest<AdminUsage>('/api/usage', { query: { firstDay, lastDay }, signal });
}
