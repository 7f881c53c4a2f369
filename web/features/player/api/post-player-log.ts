import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';
import type { UsageLogResult } from '../../../../schemas/api/usage-log.ts';
import { usageLogBody } from '../../../../schemas/api/usage-log-body.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/usage-log with page player: a batch of play-log samples. */
export async function postPlayerLog(playLog: PlayLogItem[]): Promise<void> {
  await apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody({ page: 'player', playLog }) });
}
