import { z } from 'zod';
import { readDroppedVersions } from '../../projections/engine/checkpoint-store.ts';
import type { ProjectionRunner, ProjectionStatus } from '../../projections/engine/runner.ts';
import { rebuildRunnerStatuses } from '../../projections/rebuilds.ts';
import { ProjectionStatusList } from '../../schemas/api/projections.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';

// GET /api/admin/projections: where every projection stands (position, lag in events and in
// seconds, state, last error, the event it fails on and how many events are parked), for operators
// watching catch-up and rebuilds and repairing a stuck projection (docs/operations.md).

/**
 * The server's runner, plus the runners of rebuilds started through the API since start-up: those
 * build a new version in a runner of their own, which the server's runner learns of only at the
 * next start. A version both run (never the case today) is reported once, the server's view first.
 */
export async function getProjectionStatus(
  runner: ProjectionRunner | undefined,
  rebuilds?: { runnerStatuses(): Promise<ProjectionStatus[]> },
  /** `name@version` of dropped read-model versions: the server's runner still carries them, quiet, until it restarts. */
  dropped: ReadonlySet<string> = new Set(),
): Promise<ProjectionStatusList> {
  const [served, rebuilding] = await Promise.all([runner ? runner.status() : [], rebuilds ? rebuilds.runnerStatuses() : []]);
  const seen = new Set([...dropped, ...served.map((s) => `${s.name}@${s.version}`)]);
  const statuses: ProjectionStatus[] = [...served.filter((s) => !dropped.has(`${s.name}@${s.version}`)), ...rebuilding.filter((s) => !seen.has(`${s.name}@${s.version}`))];
  return statuses.map((s) => ({ ...s, lagSeconds: Math.round(s.lagSeconds * 1000) / 1000, updatedAt: s.updatedAt.toISOString() }));
}

export function getProjectionStatusRoute(app: App): void {
  app.get('/api/admin/projections', { schema: { querystring: z.strictObject({}), response: { 200: ProjectionStatusList } } }, async (request) => {
    await requireOperator(request);
    // The rebuild runners of the warehouse and of the read models alike.
    return getProjectionStatus(app.deps.projections, { runnerStatuses: () => rebuildRunnerStatuses(app.deps) }, await readDroppedVersions(app.deps.sql));
  });
}
