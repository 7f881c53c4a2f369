import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';
import { type UsageLogResult, usageLogBody } from '../../../../schemas/api/usage-log.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/usage-log with page player: a batch of play-log samples. */
export async function postPlayerLog(playLog: PlayLogItem[]): Promise<void> {
  await apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody({ page: 'player', playLog }) });
}
