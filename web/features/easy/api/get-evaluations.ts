import type { EvaluationList, Evaluation } from '../../../../schemas/api/evaluations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/evaluations: the caller's ratings of one file since it joined the easy list. */
export function getEvaluations(audioFileId: number, startTime: string): Promise<Evaluation[]> {
  return apiRequest<EvaluationList>('/api/evaluations', { query: { audioFileIdList: String(audioFileId), startTime } });
}
