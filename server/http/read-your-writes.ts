import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { comparePositions, type EventStore, type LogPosition } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { readCheckpoint, readCurrentVersions } from '../../projections/engine/checkpoint-store.ts';
import type { ProjectionRunner } from '../../projections/engine/runner.ts';

// Read your writes without making the writer wait (issue 21 item 2). A command answers from the
// state its decider folded, as soon as its events are appended; it only notes here which stream
// version a read model has yet to project. The wait moves to where a read may need the write:
// the next API request this process serves (a refetch after a change, the live channel's nudge,
// a command that checks access in a read model) first waits until the read models hold every
// noted write. Usually they already do (the in-process runner is woken by the append), so the
// check costs one checkpoint read and the list empties.
//
// Why not update the read models inline in the append's transaction: a projector's tables and
// its checkpoint move together in one transaction (exactly once, DOMAIN.md; rebuilds project into
// a new version's tables), and a second writer of those tables would break both. Why not a
// position the browser passes back: every reader would have to carry it (the web app, the API's
// other clients, the security and HTTP tests), while this one barrier at the edge covers them all.
// Its limit: the notes are this process's. With several instances behind one address, a read that
// reaches another instance than the write sees it once that instance's projection caught up (the
// nudge to other sockets is sent only after the wait, so it never runs ahead of the read model).

export interface ProjectionDeps {
  store: EventStore;
  sql: Queryable;
  /** The projection runner of this process (app.deps.projections); without one nothing is noted. */
  projections?: unknown;
}

interface NotedWrite {
  /** The read model's projection name (commands never import a projector: ARCHITECTURE.md). */
  projection: string;
  stream: string;
  /** The stream's version after the write. */
  version: number;
}

interface Barrier {
  noted: NotedWrite[];
  /** Waits under way: a request arriving meanwhile waits for them too, not only for new notes. */
  waits: Set<Promise<void>>;
}

/** Per store instance: one process may run several apps (tests), each with its own log. */
const barriers = new WeakMap<EventStore, Barrier>();

const barrierOf = (store: EventStore): Barrier => {
  let barrier = barriers.get(store);
  if (!barrier) barriers.set(store, (barrier = { noted: [], waits: new Set() }));
  return barrier;
};

/** Notes that `projection` has yet to hold `stream` up to `version`. No I/O: the writer does not wait. */
export function noteWrite(deps: ProjectionDeps, projection: string, stream: string, version: number): void {
  if (!deps.projections) return;
  barrierOf(deps.store).noted.push({ projection, stream, version });
}

/**
 * Resolves once every write noted so far is in its read model's serving version. Gives up after
 * `timeoutMs` (a slow or failing read model shows the change a moment later; the status page
 * names a failing projection), dropping those notes so one stuck projection does not slow every
 * later request.
 */
export async function awaitNotedWrites(deps: ProjectionDeps, timeoutMs = 2000): Promise<void> {
  const barrier = barriers.get(deps.store);
  if (!barrier) return;
  if (barrier.noted.length > 0) {
    const wait = waitUntilProjected(deps, barrier.noted.splice(0), timeoutMs).catch(() => undefined);
    barrier.waits.add(wait);
    void wait.finally(() => barrier.waits.delete(wait));
  }
  await Promise.all(barrier.waits);
}

async function waitUntilProjected(deps: ProjectionDeps, writes: NotedWrite[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const versions = await readCurrentVersions(deps.sql);
  // The log position of each noted write; a checkpoint at or past the furthest one of a read model
  // holds them all (everything at or before a checkpoint is projected: runner.ts).
  const targets = new Map<string, LogPosition>();
  for (const { projection, stream, version } of writes) {
    if (!versions.has(projection)) continue;
    const [event] = await deps.store.readStream(stream, { fromVersion: version, limit: 1 });
    if (!event) continue;
    const target = targets.get(projection);
    if (!target || comparePositions(event.position, target) > 0) targets.set(projection, event.position);
  }
  // This process's runner says how far its read models are without a query, and when it next
  // moves; a read model it does not run (another instance holds it) is asked for its checkpoint.
  const runner = isRunner(deps.projections) ? deps.projections : undefined;
  while (targets.size > 0 && Date.now() < deadline) {
    const moved = runner?.nextBatch();
    for (const [projection, target] of targets) {
      const version = versions.get(projection)!;
      const local = runner?.projectedTo(projection, version);
      const position = local && comparePositions(local, target) >= 0 ? local : (await readCheckpoint(deps.sql, projection, version)).position;
      if (comparePositions(position, target) >= 0) targets.delete(projection);
    }
    if (targets.size > 0) await Promise.race([moved, new Promise((resolve) => setTimeout(resolve, moved ? 50 : 5))]);
  }
}

const isRunner = (value: unknown): value is Pick<ProjectionRunner, 'projectedTo' | 'nextBatch'> =>
  typeof value === 'object' && value !== null && 'projectedTo' in value && 'nextBatch' in value;

/** Every API request and the live channel wait for the noted writes before their handler reads anything. */
export const readYourWrites = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/ws' || pathname.startsWith('/api/')) await awaitNotedWrites(app.deps);
    });
  },
  { name: 'read-your-writes', fastify: '5.x' },
);
