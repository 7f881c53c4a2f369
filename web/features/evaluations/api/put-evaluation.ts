import type { z } from 'zod';
import type { PutEvaluationResult } from '../../../../schemas/api/evaluations.ts';
import type { Score } from '../../../../schemas/events/evaluations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type ScoreValue = z.infer<typeof Score>;

/** PUT /api/evaluations/{id}: changes the score of an evaluation. */
export function putEvaluation(id: string, score: ScoreValue): Promise<z.infer<typeof PutEvaluationResult>> {
  return apiRequest<PutEvaluationResult>(`/api/evaluations/${encodeURIComponent(id)}`, { method: 'PUT', body: { score, time: new Date().toISOString() } });
}
