import { z } from 'zod';
import { Instant, Id } from '../common/safe.ts';

// Events of the `evaluations-{userId}` stream. Scores: 1 like, 0 neutral, -1 dislike.
export const Score = z.union([z.literal(1), z.literal(0), z.literal(-1)]);

const base = { userId: Id, evaluationId: z.uuid(), clientTime: Instant, score: Score };

export const AudioFileEvaluated = z.object({
  type: z.literal('AudioFileEvaluated'),
  data: z.object({ ...base, audioFileId: Id }),
});
export const MessageItemEvaluated = z.object({
  type: z.literal('MessageItemEvaluated'),
  data: z.object({ ...base, messageItemId: Id }),
});
export const EvaluationChanged = z.object({
  type: z.literal('EvaluationChanged'),
  data: z.object(base),
});

export const EvaluationEvent = z.discriminatedUnion('type', [AudioFileEvaluated, MessageItemEvaluated, EvaluationChanged]);
export type EvaluationEvent = z.infer<typeof EvaluationEvent>;
