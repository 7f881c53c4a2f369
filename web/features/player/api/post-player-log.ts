import type { PlayLogItem } from '../../../../schemas/api/usage-log.ts';
import type { UsageLogResult } from '../../../../schemas/api/usage-log.ts';
import { usageLogBody } from '../../../../schemas/api/usage-log-body.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A post not answered by then is given up: the play log posts one batch at a time, so a request
 * lost with a dropped Wi-Fi (which the browser may leave waiting for minutes) would hold back every
 * sample after it. The samples stay in the outbox and go with the next flush; a post that did
 * arrive is harmless to repeat (the server derives event ids from the content).
 */
export const postTimeoutMs = 30_000;

/** POST /api/usage-log with page player: a batch of play-log samples. */
export async function postPlayerLog(playLog: PlayLogItem[]): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException('The play log post took too long', 'TimeoutError')), postTimeoutMs);
  try {
    await apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody({ page: 'player', playLog }), signal: abort.signal });
  } finally {
    clearTimeout(timer);
  }
}
