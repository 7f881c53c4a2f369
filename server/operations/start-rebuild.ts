import { assertReadModel } from '../../projections/postgres/rebuild.ts';
import { readModelRebuildsOf } from '../../projections/rebuilds.ts';
import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { StartAnyRebuildRequest, StartAnyRebuildResponse } from '../../schemas/api/rebuild.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';

// POST /api/admin/rebuilds {rules, from?}: records the rules and builds the next warehouse version
// beside the serving one (DOMAIN.md section 5), from its raw tables or from position 0 of the log.
// POST /api/admin/rebuilds {projection}: builds the next version of that Postgres read model beside
// the serving one, from position 0 of the log (after a fix of its projector). Either one is then
// switched to and its old version dropped through the same endpoints (ARCHITECTURE.md "Rebuilds").

export function startRebuildRoute(app: App): void {
  app.post('/api/admin/rebuilds', { schema: { body: StartAnyRebuildRequest, response: { 200: StartAnyRebuildResponse } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const { rules, from, projection } = request.body;
    if (projection !== undefined) {
      const rebuilds = readModelRebuildsOf(app.deps);
      assertReadModel(rebuilds, projection);
      const progress = await rebuilds.startRebuild(projection);
      request.log.info({ userId, projection, version: progress.version }, 'read model rebuild started');
      return progress;
    }
    const progress = await rebuildsOf(app.deps).startRebuild({ rules: rules!, from, actor: { userId }, at: app.deps.now() });
    request.log.info({ userId, version: progress.version }, 'warehouse rebuild started');
    return progress;
  });
}
