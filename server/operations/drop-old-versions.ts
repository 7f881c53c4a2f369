import { assertReadModel } from '../../projections/postgres/rebuild.ts';
import { readModelRebuildsOf } from '../../projections/rebuilds.ts';
import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { usageWarehouseName } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { DropOldVersionsResponse, ProjectionSelector } from '../../schemas/api/rebuild.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';

// POST /api/admin/rebuilds/drop-old: drops the tables of every warehouse version below the serving
// one, once the operator no longer wants to switch back. With {projection}, those of that Postgres
// read model.

export function dropOldWarehouseVersionsRoute(app: App): void {
  app.post('/api/admin/rebuilds/drop-old', { schema: { body: ProjectionSelector, response: { 200: DropOldVersionsResponse } } }, async (request) => {
    const { userId } = await requireOperator(request);
    // The warehouse by its projection name too: one way to name any projection.
    const projection = request.body?.projection === usageWarehouseName ? undefined : request.body?.projection;
    if (projection !== undefined) {
      const readModels = readModelRebuildsOf(app.deps);
      assertReadModel(readModels, projection);
      const droppedVersions = await readModels.dropOldVersions(projection);
      request.log.info({ userId, projection, droppedVersions }, 'old read model versions dropped');
      return { droppedVersions };
    }
    const droppedVersions = await rebuildsOf(app.deps).dropOldVersions();
    request.log.info({ userId, droppedVersions }, 'old usage warehouse versions dropped');
    return { droppedVersions };
  });
}
