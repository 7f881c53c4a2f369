import { assertReadModel } from '../../projections/postgres/rebuild.ts';
import { readModelRebuildsOf } from '../../projections/rebuilds.ts';
import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { usageWarehouseName } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { ProjectionSelector, RebuildOverview } from '../../schemas/api/rebuild.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';
import { comparisonPeriod, rebuildOverview } from './get-rebuild-status.ts';

// POST /api/admin/rebuilds/switch: the caught-up rebuild serves every report from now on (one
// statement); a rebuild still catching up is a Conflict. With {projection}, the same for that
// Postgres read model: its views point at the new version, in the same transaction as the flip.

export function switchWarehouseVersionRoute(app: App): void {
  app.post('/api/admin/rebuilds/switch', { schema: { body: ProjectionSelector, response: { 200: RebuildOverview } } }, async (request) => {
    const { userId } = await requireOperator(request);
    // The warehouse by its projection name too: one way to name any projection.
    const projection = request.body?.projection === usageWarehouseName ? undefined : request.body?.projection;
    const rebuilds = rebuildsOf(app.deps);
    if (projection !== undefined) {
      const readModels = readModelRebuildsOf(app.deps);
      assertReadModel(readModels, projection);
      const version = await readModels.switchVersion(projection);
      request.log.info({ userId, projection, version }, 'read model switched');
    } else {
      const version = await rebuilds.switchVersion();
      request.log.info({ userId, version }, 'usage warehouse switched');
    }
    return rebuildOverview(rebuilds, readModelRebuildsOf(app.deps), app.deps.warehouse!, comparisonPeriod({}, app.deps.now()), app.deps);
  });
}
