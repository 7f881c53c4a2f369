import { AdminUsage } from '../../../../schemas/api/usage-report.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Monthly usage of every user the caller administers. */
export function getAdminUsage(firstDay: string, lastDay: string, signal?: AbortSignal): Promise<AdminUsage> {
  return apiRequest('/api/usage', { schema: AdminUsage, query: { firstDay, lastDay }, signal });
}
