import type { Evaluation, EvaluationList, PutEvaluationResult } from '../../../../schemas/api/evaluations.ts';
import type { UsageLogResult } from '../../../../schemas/api/usage-log.ts';
import { usageLogBody } from '../../../../schemas/api/usage-log-body.ts';
import type { Score } from '../../../../schemas/events/evaluations.ts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// Message items in use (spec 2 sections 4 and 7): the usage log's messageItem page (open, close,
// continue; an open of a trackClicks item is its click) and the evaluations of items.

export type ItemAction = 'open' | 'close' | 'continue';
export type ScoreValue = z.infer<typeof Score>;

/** POST /api/usage-log page messageItem. */
export async function logItemAction(messageItemId: number, action: ItemAction): Promise<void> {
  await apiRequest<UsageLogResult>('/api/usage-log', { method: 'POST', body: usageLogBody({ page: 'messageItem', time: new Date().toISOString(), messageItemId, action }) });
}

/** GET /api/evaluations?messageItemIdList: the caller's evaluations of these items. */
export function getItemEvaluations(itemIds: number[]): Promise<Evaluation[]> {
  return apiRequest<EvaluationList>('/api/evaluations', { query: { messageItemIdList: itemIds.join(',') } });
}

/** POST /api/evaluations {messageItemId, score}. */
export function postItemEvaluation(messageItemId: number, score: ScoreValue): Promise<Evaluation> {
  return apiRequest<Evaluation>('/api/evaluations', { method: 'POST', body: { messageItemId, score, time: new Date().toISOString() } });
}

/** PUT /api/evaluations/{id} {score}. */
export function putItemEvaluation(id: string, score: ScoreValue): Promise<z.infer<typeof PutEvaluationResult>> {
  return apiRequest<PutEvaluationResult>(`/api/evaluations/${encodeURIComponent(id)}`, { method: 'PUT', body: { score, time: new Date().toISOString() } });
}
