import type { Evaluation, PostEvaluationRequest } from '../../../../schemas/api/evaluations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/evaluations: a new evaluation; `time` makes a retried post the same one. */
export function postEvaluation(request: PostEvaluationRequest): Promise<Evaluation> {
  return apiRequest<Evaluation>('/api/evaluations', { method: 'POST', body: request });
}
