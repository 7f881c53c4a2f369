import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { DropOldVersionsResponse } from '../../schemas/api/rebuild.ts';

// POST /api/admin/rebuilds/drop-old: drops the tables of every version below the serving one,
// once the operator no longer wants to switch back.

export function dropOldWarehouseVersionsRoute(app: App): void {
  app.post('/api/admin/rebuilds/drop-old', { schema: { response: { 200: DropOldVersionsResponse } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const droppedVersions = await rebuildsOf(app.deps).dropOldVersions();
    request.log.info({ userId, droppedVersions }, 'old usage warehouse versions dropped');
    return { droppedVersions };
  });
}
