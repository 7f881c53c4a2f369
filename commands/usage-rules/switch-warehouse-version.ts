import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { comparisonPeriod, rebuildOverview } from '../../queries/admin/get-rebuild-status.ts';
import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { RebuildOverview } from '../../schemas/api/rebuild.ts';

// POST /api/admin/rebuilds/switch: the caught-up rebuild serves every report from now on (one
// statement); a rebuild still catching up is a Conflict.

export function switchWarehouseVersionRoute(app: App): void {
  app.post('/api/admin/rebuilds/switch', { schema: { response: { 200: RebuildOverview } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const rebuilds = rebuildsOf(app.deps);
    const version = await rebuilds.switchVersion();
    request.log.info({ userId, version }, 'usage warehouse switched');
    return rebuildOverview(rebuilds, app.deps.warehouse!, comparisonPeriod({}, app.deps.now()));
  });
}
