import type { UsageSessions } from '../../../../../schemas/api/usage-report.ts';
import { apiRequest } from '../../../../lib/api-client.ts';

export interface UsageSessionsArgs {
  userId: number;
  firstDay: string;
  lastDay: string;
  showShortSessions: boolean;
}

/** GET /api/usage-sessions/{userId}/{first}/{last}: the period's sessions with their plays. */
export function getUsageSessions({ userId, firstDay, lastDay, showShortSessions }: UsageSessionsArgs, signal?: AbortSignal): Promise<UsageSessions> {
  return apiRequest<UsageSessions>(`/api/usage-sessions/${userId}/${firstDay}/${lastDay}`, {
    query: { showShortSessions: String(showShortSessions) },
    signal,
  });
}
