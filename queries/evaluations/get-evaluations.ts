import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { EvaluationList, GetEvaluationsQuery } from '../../schemas/api/evaluations.ts';
import { listEvaluations } from '../../projections/postgres/evaluations.ts';

// GET /api/evaluations?audioFileIdList=1,2&startTime=…: the caller's own evaluations (easy mode
// reads the latest ratings of its list's files, spec 1 section 4).
export function getEvaluationsRoute(app: App): void {
  app.get('/api/evaluations', { schema: { querystring: GetEvaluationsQuery, response: { 200: EvaluationList } } }, async (request) => {
    const { userId } = requireUser(request);
    const { audioFileIdList, messageItemIdList, startTime } = request.query;
    return listEvaluations(app.deps.sql, { userId, audioFileIds: audioFileIdList, messageItemIds: messageItemIdList, startTime });
  });
}
