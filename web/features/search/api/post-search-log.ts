import { usageLogBody, type UsageLogResult, type UsageLogDataInput } from '../../../../schemas/api/usage-log.ts';
import { apiRequest } from '../../../lib/api-client.ts';

type SearchLog = Extract<UsageLogDataInput, { page: 'search' }>;

/** Logs a search for the warehouse (POST /api/usage-log, page 'search'); admins are not logged by the server. */
export function postSearchLog(log: Omit<SearchLog, 'page'>): Promise<UsageLogResult> {
  return apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody({ page: 'search', ...log }) });
}
