import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { RebuildProgress, StartRebuildRequest } from '../../schemas/api/rebuild.ts';

// POST /api/admin/rebuilds {rules, from?}: records the rules and builds the next warehouse version
// beside the serving one (DOMAIN.md section 5), from its raw tables or from position 0 of the log.

export function startRebuildRoute(app: App): void {
  app.post('/api/admin/rebuilds', { schema: { body: StartRebuildRequest, response: { 200: RebuildProgress } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const progress = await rebuildsOf(app.deps).startRebuild({ rules: request.body.rules, from: request.body.from, actor: { userId }, at: app.deps.now() });
    request.log.info({ userId, version: progress.version }, 'warehouse rebuild started');
    return progress;
  });
}
