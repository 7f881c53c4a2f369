import type { Evaluation } from '../../../../schemas/api/evaluations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/evaluations: like (1) or dislike (-1); `time` makes a retried post the same rating. */
export function postEvaluation(audioFileId: number, score: 1 | -1, time: string): Promise<Evaluation> {
  return apiRequest<Evaluation>('/api/evaluations', { method: 'POST', body: { audioFileId, score, time } });
}
