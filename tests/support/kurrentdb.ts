import { START } from '@kurrent/kurrentdb-client';
import { connectKurrentDb } from '../../infra/event-store/kurrentdb-event-store.ts';

// The event store's contract tests run against KurrentDB wherever EVENTSTORE_URL reaches a server
// (docker compose --profile kurrentdb up kurrentdb, then EVENTSTORE_URL=kurrentdb://localhost:2113?tls=false).
// Elsewhere they are skipped, and say so: the build machine has no KurrentDB package.

/** The URL of a KurrentDB that answers, or null after printing why its tests are skipped. */
export async function reachableKurrentDb(suite: string): Promise<string | null> {
  const url = process.env.EVENTSTORE_URL;
  if (!url) {
    console.warn(`SKIPPED: ${suite} on KurrentDB: EVENTSTORE_URL is not set (no KurrentDB server on this machine; see docs/operations.md, "KurrentDB")`);
    return null;
  }
  const client = connectKurrentDb(url);
  try {
    for await (const _event of client.readAll({ fromPosition: START, maxCount: 1, deadline: 5000 })) break;
    return url;
  } catch (error) {
    console.warn(`SKIPPED: ${suite} on KurrentDB: ${url} does not answer (${error instanceof Error ? error.message : String(error)})`);
    return null;
  } finally {
    await client.dispose();
  }
}
