import type { UsageLogResult, UsageLogDataInput } from '../../../../schemas/api/usage-log.ts';
import { usageLogBody } from '../../../../schemas/api/usage-log-body.ts';
import { apiRequest } from '../../../lib/api-client.ts';

type SearchLog = Extract<UsageLogDataInput, { page: 'search' }>;

/** Logs a search for the warehouse (POST /api/usage-log, page 'search'); admins are not logged by the server. */
export function postSearchLog(log: Omit<SearchLog, 'page'>): Promise<UsageLogResult> {
  return apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody({ page: 'search', ...log }) });
}
