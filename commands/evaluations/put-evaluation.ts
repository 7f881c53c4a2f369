import { handleCommand } from '../../infra/event-store/decider.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { EvaluationParams, PutEvaluationRequest, PutEvaluationResult } from '../../schemas/api/evaluations.ts';
import { streams } from '../../schemas/events/index.ts';
import { evaluationOwner } from '../../domain/evaluations/evaluation-owner.ts';
import { evaluationDecider, evaluationEventId } from './evaluation-decider.ts';

// PUT /api/evaluations/{id} {score}: only its maker changes an evaluation. The read model names
// the owner, so another user's evaluation is AccessDenied; one it does not know yet (lag) is
// looked up in the caller's own stream, where it is either found or NotFound.
export function putEvaluationRoute(app: App): void {
  app.put(
    '/api/evaluations/:id',
    { schema: { params: EvaluationParams, body: PutEvaluationRequest, response: { 200: PutEvaluationResult } } },
    async (request) => {
      const { userId } = requireUser(request);
      const { sql, store, now } = app.deps;
      const evaluationId = request.params.id.toLowerCase();
      const ownerUserId = (await evaluationOwner(sql, evaluationId)) ?? userId;
      const { score } = request.body;
      const clientTime = new Date(request.body.time ?? now()).toISOString();
      const events = await handleCommand(
        store,
        streams.evaluations(ownerUserId),
        evaluationDecider,
        { kind: 'change', actorUserId: userId, ownerUserId, evaluationId, score, clientTime },
        evaluationEventId,
      );
      return { id: evaluationId, score, changed: events.length > 0 };
    },
  );
}
