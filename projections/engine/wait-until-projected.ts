import { comparePositions, type EventStore } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { readCheckpoint } from './checkpoint-store.ts';

/**
 * Waits, briefly, until `projector` holds the last event of `stream`: the browser re-reads right
 * after a change (post, then refetch), and should see it. Gives up silently after `timeoutMs`: a
 * slow read model shows the change a moment later, nothing is lost.
 */
export async function waitUntilProjected(
  { store, sql }: { store: EventStore; sql: Queryable },
  projector: { name: string; version: number },
  stream: string,
  timeoutMs = 2000,
): Promise<void> {
  const last = (await store.readStream(stream)).at(-1);
  if (!last) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { position } = await readCheckpoint(sql, projector.name, projector.version);
    if (comparePositions(position, last.position) >= 0) return;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
