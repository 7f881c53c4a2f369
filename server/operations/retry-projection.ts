import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';
import { retryRebuildNow } from '../../projections/rebuilds.ts';
import { ProjectionParams, RetryProjectionRequest, RetryProjectionResult } from '../../schemas/api/projections.ts';
import { projectionVersion } from './projection-version.ts';

// POST /api/admin/projections/{name}/retry {version?}: a failing projection retries now instead of
// at the end of its backoff (up to 30 s), after a fix of what it failed on or a parked event.
// The first thing to try (docs/operations.md); it skips nothing.

export function retryProjectionRoute(app: App): void {
  app.post(
    '/api/admin/projections/:name/retry',
    { schema: { params: ProjectionParams, body: RetryProjectionRequest, response: { 200: RetryProjectionResult } } },
    async (request) => {
      const { userId } = await requireOperator(request);
      const { name } = request.params;
      const version = await projectionVersion(app.deps.sql, name, request.body?.version);
      const served = app.deps.projections?.retryNow(name, version) ?? false;
      const rebuilding = retryRebuildNow(app.deps, name, version);
      request.log.info({ userId, name, version }, 'projection retry requested');
      return { name, version, woken: served || rebuilding };
    },
  );
}
