import type { UsageLogResult } from '../../../../schemas/api/usage-log.ts';
import { usageLogBody } from '../../../../schemas/api/usage-log-body.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SessionStart {
  time: string;
  residentIds: number[];
  outdoors: boolean;
  activityIds: number[];
}

/** POST /api/usage-log page startSession (spec 3 section 4). */
export async function postStartSession(start: SessionStart): Promise<void> {
  const data = { page: 'startSession' as const, time: start.time, residentIds: start.residentIds, params: { outdoors: start.outdoors, activityIds: start.activityIds } };
  await apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody(data) });
}

/** POST /api/usage-log page stopSession. */
export async function postStopSession(time: string): Promise<void> {
  await apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody({ page: 'stopSession', time }) });
}
