import { requireVisibleMessageItem } from '../../domain/messages/message-access.ts';
import { validationError } from '../../infra/errors.ts';
import { handleCommand } from '../../infra/event-store/decider.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { Evaluation, PostEvaluationRequest } from '../../schemas/api/evaluations.ts';
import { streams } from '../../schemas/events/index.ts';
import { evaluationDecider, evaluationEventId, evaluationIdOf, type EvaluationTarget } from './evaluation-decider.ts';

// POST /api/evaluations {audioFileId | messageItemId, score, time?}: a new evaluation by the
// caller. With the browser's `time` a retried post is the same evaluation and appends nothing;
// without it the server's clock names it.
export function postEvaluationRoute(app: App): void {
  app.post('/api/evaluations', { schema: { body: PostEvaluationRequest, response: { 200: Evaluation } } }, async (request) => {
    const { userId } = requireUser(request);
    const { sql, store, now } = app.deps;
    const { audioFileId, messageItemId, score } = request.body;
    if (audioFileId !== undefined) {
      const known = await sql.query('SELECT 1 FROM audio_files WHERE id = $1::bigint', [audioFileId]);
      if (known.length === 0) throw validationError([{ path: 'body.audioFileId', message: 'Unknown audio file' }]);
    }
    if (messageItemId !== undefined) await requireVisibleMessageItem(sql, userId, messageItemId, 'body.messageItemId');
    const target: EvaluationTarget = audioFileId !== undefined ? { audioFileId } : { messageItemId: messageItemId! };
    const clientTime = new Date(request.body.time ?? now()).toISOString();
    const evaluationId = evaluationIdOf(userId, target, clientTime);
    await handleCommand(store, streams.evaluations(userId), evaluationDecider, { kind: 'evaluate', userId, evaluationId, target, score, clientTime }, evaluationEventId);
    return { id: evaluationId, time: clientTime, audioFileId: audioFileId ?? null, messageItemId: messageItemId ?? null, score };
  });
}
