import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable, Sql } from '../../infra/sql/sql.ts';
import { projectionKey } from './projector.ts';

// Several app instances on one Postgres (issue 20): each projection runs on exactly one of them at
// a time. An instance holds a projection while it holds its lease, a row of `projection_leases`
// (migration 027) that it renews every `renewEveryMs`; a lease not renewed for `ttlMs` (the
// instance died, or lost its database) may be taken by any instance. A leases table rather than
// session advisory locks: it works through the connection pool, it shows who holds what, and a
// Postgres projector's batch can check it in its own transaction (`fence`).
//
// Why nothing runs twice even at the edges:
// - The holder counts a lease as held only until `ttlMs - margin` after the renewal that it sent
//   (its own clock, measured from before the statement left), while the database counts it held
//   until `ttlMs` after it ran the statement: the holder stops believing before anyone may take over.
// - A Postgres projector's batch locks its lease row (`fence`, FOR SHARE) and commits only while it
//   still holds it, so a takeover waits for that batch and a late batch of a former holder rolls back.
// - The checkpoint moves by compare-and-set (advanceCheckpoint), so even a warehouse batch of a
//   former holder cannot move it twice; warehouse inserts are idempotent, so its rows do not double.

export interface ProjectionLeaseOptions {
  sql: Sql;
  /** Who this instance is in `projection_leases.holder`: host, process and a random part by default. */
  holder?: string;
  /** How long a lease lives without renewal: the longest a dead instance's projections stand still. */
  ttlMs?: number;
  /** How often the holder renews, and a free lease is looked for. */
  renewEveryMs?: number;
}

export interface ProjectionLeases {
  readonly holder: string;
  /** Whether this instance may run the projection now. */
  holds(projection: { name: string; version: number }): boolean;
  /** Throws unless this instance holds the lease; locks the row until `tx` ends, so no takeover happens under the batch. */
  fence(tx: Queryable, projection: { name: string; version: number }): Promise<void>;
  /** Starts renewing and acquiring leases of these projections; resolves after the first round. */
  start(projections: readonly { name: string; version: number }[]): Promise<void>;
  /** Stops renewing and gives the leases up, so another instance takes over at once rather than after ttlMs. */
  stop(): Promise<void>;
  /** Runs one round now (tests). */
  renew(): Promise<void>;
}

export const defaultLeaseTtlMs = 15_000;

export class LeaseLost extends Error {
  constructor(projection: { name: string; version: number }, holder: string) {
    super(`${projectionKey(projection)}: this instance (${holder}) no longer holds the projection's lease`);
  }
}

export function createProjectionLeases(options: ProjectionLeaseOptions): ProjectionLeases {
  const { sql } = options;
  const holder = options.holder ?? `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const ttlMs = options.ttlMs ?? defaultLeaseTtlMs;
  const renewEveryMs = options.renewEveryMs ?? Math.max(100, Math.floor(ttlMs / 3));
  // A renewal that took longer than this is worth less than it seems: keep well inside the lease.
  const marginMs = Math.max(50, Math.floor(ttlMs / 5));
  const heldUntil = new Map<string, number>();
  let wanted: { name: string; version: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let stopped = true;

  async function renewOnce(): Promise<void> {
    if (wanted.length === 0) return;
    const sentAt = performance.now();
    // One statement for all: renew ours, take those whose holder let them run out, leave the rest.
    // Rows come back for the leases this instance holds after the statement.
    const rows = await sql.query<{ name: string; version: number }>(
      `INSERT INTO projection_leases AS l (name, version, holder, acquired_at, expires_at)
       SELECT name, version, $3, now(), now() + make_interval(secs => $4::double precision / 1000)
         FROM unnest($1::text[], $2::int[]) AS w(name, version)
       ON CONFLICT (name, version) DO UPDATE
         SET holder = excluded.holder, expires_at = excluded.expires_at,
             acquired_at = CASE WHEN l.holder = excluded.holder THEN l.acquired_at ELSE now() END
         WHERE l.holder = excluded.holder OR l.expires_at < now()
       RETURNING name, version`,
      [wanted.map((p) => p.name), wanted.map((p) => p.version), holder, ttlMs],
    );
    const until = sentAt + ttlMs - marginMs;
    const held = new Set(rows.map((r) => projectionKey({ name: r.name, version: Number(r.version) })));
    for (const p of wanted) {
      const key = projectionKey(p);
      if (held.has(key)) heldUntil.set(key, until);
      else heldUntil.delete(key);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      // A failed round (the database is away) keeps the old deadlines: they run out on their own.
      round = renewOnce().catch(() => undefined).finally(schedule);
    }, renewEveryMs);
    timer.unref();
  }

  return {
    holder,
    holds(projection) {
      const until = heldUntil.get(projectionKey(projection));
      return until !== undefined && performance.now() < until;
    },
    async fence(tx, projection) {
      const rows = await tx.query('SELECT 1 FROM projection_leases WHERE name = $1 AND version = $2 AND holder = $3 AND expires_at > now() FOR SHARE', [
        projection.name,
        projection.version,
        holder,
      ]);
      if (rows.length !== 1) {
        heldUntil.delete(projectionKey(projection));
        throw new LeaseLost(projection, holder);
      }
    },
    async start(projections) {
      wanted = [...projections];
      stopped = false;
      round = renewOnce();
      await round;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round.catch(() => undefined);
      const keys = wanted;
      wanted = [];
      heldUntil.clear();
      if (keys.length === 0) return;
      await sql
        .query('DELETE FROM projection_leases WHERE holder = $3 AND (name, version) IN (SELECT * FROM unnest($1::text[], $2::int[]))', [
          keys.map((p) => p.name),
          keys.map((p) => p.version),
          holder,
        ])
        .catch(() => undefined);
    },
    renew: () => (round = renewOnce()),
  };
}
