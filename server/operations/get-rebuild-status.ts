import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { validationError } from '../../infra/errors.ts';
import type { ReadModelRebuilds } from '../../projections/postgres/rebuild.ts';
import { readModelRebuildsOf } from '../../projections/rebuilds.ts';
import { compareHeadlines } from '../../projections/warehouse/rebuild-comparison.ts';
import { rebuildsOf, type Rebuilds } from '../../projections/warehouse/rebuild.ts';
import { requireOperator } from '../http/auth.ts';
import type { App } from '../http/zod.ts';
import type { AppDeps } from '../app.ts';
import { RebuildComparisonQuery, RebuildOverview } from '../../schemas/api/rebuild.ts';

// GET /api/admin/rebuilds/current: the rebuild in progress (events done / total, events per
// second, time left) and the headline figures of the old and the new version side by side; and
// where each Postgres read model stands (serving version, its rebuild, old versions).

/** Without a period the comparison covers the year up to today: enough to see what the rules change. */
export function comparisonPeriod(query: { first?: string; last?: string }, now: Date): { first: string; last: string } {
  const last = query.last ?? now.toISOString().slice(0, 10);
  const first = query.first ?? new Date(Date.parse(`${last}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  if (first > last) throw validationError([{ path: 'querystring.first', message: 'The first day is after the last day' }]);
  return { first, last };
}

export async function rebuildOverview(
  rebuilds: Rebuilds,
  readModels: Pick<ReadModelRebuilds, 'overview'>,
  warehouse: Warehouse,
  period: { first: string; last: string },
  server: Pick<AppDeps, 'config' | 'mailLinkUrl'>,
): Promise<RebuildOverview> {
  const state = await rebuilds.versions();
  const rebuild = await rebuilds.rebuildStatus();
  const compared = [state.current.version, ...(state.rebuild ? [state.rebuild.version] : state.droppable.map((v) => v.version))];
  return {
    currentVersion: state.current.version,
    currentRules: state.current.rules,
    rebuild,
    droppableVersions: state.droppable.map((v) => v.version),
    comparison: await compareHeadlines(warehouse, compared, period.first, period.last),
    readModels: await readModels.overview(),
    // Shown on the operator's screen, beside the log line of every refused mail (commands/users/mail-links.ts).
    warnings: server.config.publicUrl || server.mailLinkUrl ? [] : ['publicUrlMissing'],
  };
}

export function getRebuildStatusRoute(app: App): void {
  app.get('/api/admin/rebuilds/current', { schema: { querystring: RebuildComparisonQuery, response: { 200: RebuildOverview } } }, async (request) => {
    await requireOperator(request);
    const period = comparisonPeriod(request.query, app.deps.now());
    return rebuildOverview(rebuildsOf(app.deps), readModelRebuildsOf(app.deps), app.deps.warehouse!, period, app.deps);
  });
}
