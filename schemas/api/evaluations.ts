import { z } from 'zod';
import { ClientTime, Instant } from '../common/safe.ts';
import { Score } from '../events/evaluations.ts';

// Evaluations (spec 1 sections 3 and 7): a user's score 1 (like), 0 (neutral) or -1 (dislike) of
// an audio file or a message item. GET and POST /api/evaluations, PUT /api/evaluations/{id}.

// Ids are Postgres `integer`s: a larger number is a ValidationError, not a failed query.
const id = z.number().int().nonnegative().max(2_147_483_647);
const isoTime = z.iso.datetime({ offset: true });
/** Request times: the browser's clock, in the sane range (schemas/common/safe.ts). */
const clientTime = ClientTime;

/** `1,2,3` or the parameter repeated: both are what browsers send for a list. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/, 'Expected a list of ids').transform(Number)).max(1000));

export const GetEvaluationsQuery = z.strictObject({
  audioFileIdList: idList.optional(),
  messageItemIdList: idList.optional(),
  /** Only evaluations made at or after this time. */
  startTime: Instant.optional(),
});

export const Evaluation = z.object({
  id: z.uuid(),
  /** When the evaluation was made (the browser's clock). */
  time: isoTime,
  audioFileId: id.nullable(),
  messageItemId: id.nullable(),
  score: Score,
});
export type Evaluation = z.infer<typeof Evaluation>;
export const EvaluationList = z.array(Evaluation);
export type EvaluationList = z.infer<typeof EvaluationList>;

export const PostEvaluationRequest = z
  .strictObject({
    audioFileId: id.optional(),
    messageItemId: id.optional(),
    score: Score,
    /** The browser's clock; with it a retried post is recognised and stored once. */
    time: clientTime.optional(),
  })
  .refine((r) => (r.audioFileId === undefined) !== (r.messageItemId === undefined), {
    message: 'Exactly one of audioFileId and messageItemId',
    path: ['audioFileId'],
  });
export type PostEvaluationRequest = z.infer<typeof PostEvaluationRequest>;

export const EvaluationParams = z.strictObject({ id: z.uuid() });
export const PutEvaluationRequest = z.strictObject({ score: Score, time: clientTime.optional() });
export const PutEvaluationResult = z.object({ id: z.uuid(), score: Score, changed: z.boolean() });
export type PutEvaluationResult = z.infer<typeof PutEvaluationResult>;
