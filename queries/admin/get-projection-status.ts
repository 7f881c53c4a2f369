import { z } from 'zod';
import type { ProjectionRunner, ProjectionStatus } from '../../projections/engine/runner.ts';
import { requireOperator } from '../../infra/http/auth.ts';
import type { App } from '../../infra/http/zod.ts';
import { rebuildsOf, type Rebuilds } from '../../projections/warehouse/rebuild.ts';

// GET /api/admin/projections: where every projection stands (position, lag in events and in
// seconds, state, last error, the event it fails on and how many events are parked), for operators
// watching catch-up and rebuilds and repairing a stuck projection (docs/operations.md).

export const ProjectionStatusItem = z.object({
  name: z.string(),
  version: z.number().int(),
  kind: z.enum(['postgres', 'warehouse']),
  current: z.boolean(),
  position: z.object({ tx: z.number(), seq: z.number() }),
  eventsProcessed: z.number().int(),
  /** read and partly written while catching up; counted in eventsProcessed once their derivation is done */
  deferredEvents: z.number().int(),
  lagEvents: z.number().int(),
  lagSeconds: z.number(),
  state: z.enum(['catching-up', 'live', 'failing', 'stopped']),
  lastError: z.string().nullable(),
  /** The one event the projection fails on, once the runner has found it: what an operator may park. */
  failingEvent: z.object({ id: z.uuid(), position: z.object({ tx: z.number(), seq: z.number() }) }).nullable(),
  /** Events an operator parked for this version (POST /api/admin/projections/{name}/park): it skips them. */
  parkedEvents: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export const ProjectionStatusList = z.array(ProjectionStatusItem);
export type ProjectionStatusList = z.infer<typeof ProjectionStatusList>;

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
