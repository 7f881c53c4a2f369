import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { readCurrentVersions } from '../../projections/engine/checkpoint-store.ts';
import { waitUntilProjected } from '../../projections/engine/wait-until-projected.ts';

// Read your writes, for commands: the browser re-reads right after a change (post, then refetch)
// and should see it, so a command may answer only once a read model holds its events. Commands
// never import a projection (ARCHITECTURE.md, layer rules): they name the read model by its
// projection name, and this edge helper waits for the version queries read.

export interface ProjectionDeps {
  store: EventStore;
  sql: Queryable;
  /** The projection runner of this process (app.deps.projections); without one nothing waits. */
  projections?: unknown;
}

/**
 * Waits, briefly, until the serving version of `projection` holds the last event of `stream`.
 * Gives up silently after `timeoutMs` (a slow read model shows the change a moment later), and
 * at once when this process runs no projections or the projection is not registered.
 */
export async function waitForProjection(deps: ProjectionDeps, projection: string, stream: string, timeoutMs?: number): Promise<void> {
  if (!deps.projections) return;
  const version = (await readCurrentVersions(deps.sql)).get(projection);
  if (version === undefined) return;
  await waitUntilProjected(deps, { name: projection, version }, stream, timeoutMs);
}
