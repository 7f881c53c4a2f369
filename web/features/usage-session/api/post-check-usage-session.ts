import type { CheckUsageSessionResult } from '../../../../schemas/api/requests.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/requests/check-usage-session {time} -> active, startTime, lastPlay, the open session. */
export function postCheckUsageSession(time: string): Promise<CheckUsageSessionResult> {
  return apiRequest<CheckUsageSessionResult>('/api/requests/check-usage-session', { method: 'POST', body: { time } });
}
