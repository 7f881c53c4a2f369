import type { EvaluationList, Evaluation } from '../../../../schemas/api/evaluations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/evaluations: the caller's evaluations of these files, made at or after startTime. */
export function getEvaluations(query: { audioFileIds: number[]; startTime?: string }): Promise<Evaluation[]> {
  return apiRequest<EvaluationList>('/api/evaluations', {
    query: { audioFileIdList: query.audioFileIds.join(','), startTime: query.startTime },
  });
}
