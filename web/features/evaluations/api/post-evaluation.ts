import { Evaluation, type PostEvaluationRequest } from '../../../../schemas/api/evaluations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/evaluations: a new evaluation; `time` makes a retried post the same one. */
export function postEvaluation(request: PostEvaluationRequest): Promise<Evaluation> {
  return apiRequest('/api/evaluations', { method: 'POST', body: request, schema: Evaluation });
}
