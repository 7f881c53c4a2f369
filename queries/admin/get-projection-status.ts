import { z } from 'zod';
import type { ProjectionRunner, ProjectionStatus } from '../../projections/engine/runner.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { rebuildsOf, type Rebuilds } from '../../projections/warehouse/rebuild.ts';
import { ProjectionStatusList } from '../../schemas/api/projections.ts';

// GET /api/admin/projections: where every projection stands (position, lag in events and in
// seconds, state, last error, the event it fails on and how many events are parked), for operators
// watching catch-up and rebuilds and repairing a stuck projection (docs/operations.md).


/**
 * The server's runner, plus the runners of rebuilds started through the API since start-up: those
 * build a new version in a runner of their own, which the server's runner learns of only at the
 * next start. A version both run (never the case today) is reported once, the server's view first.
 */
export async function getProjectionStatus(runner: ProjectionRunner | undefined, rebuilds?: Pick<Rebuilds, 'runnerStatuses'>): Promise<ProjectionStatusList> {
  const [served, rebuilding] = await Promise.all([runner ? runner.status() : [], rebuilds ? rebuilds.runnerStatuses() : []]);
  const seen = new Set(served.map((s) => `${s.name}@${s.version}`));
  const statuses: ProjectionStatus[] = [...served, ...rebuilding.filter((s) => !seen.has(`${s.name}@${s.version}`))];
  return statuses.map((s) => ({ ...s, lagSeconds: Math.round(s.lagSeconds * 1000) / 1000, updatedAt: s.updatedAt.toISOString() }));
}

export function getProjectionStatusRoute(app: App): void {
  app.get('/api/admin/projections', { schema: { querystring: z.strictObject({}), response: { 200: ProjectionStatusList } } }, async (request) => {
    await requireOperator(request);
    return getProjectionStatus(app.deps.projections, app.deps.warehouse ? rebuildsOf(app.deps) : undefined);
  });
}
