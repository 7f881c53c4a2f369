import type pg from 'pg';
import { expect } from 'vitest';
import { projectors } from '../../../projections/projectors.ts';

// What the scale tests check of the projections after an instance died or the database restarted
// under load: every checkpoint caught up with the log, and each counted every event of its types
// exactly once (a batch applied twice would count twice, a lost one not at all).

/** Until every checkpoint is at the end of the log (read as the runner reads it). */
export async function waitUntilProjected(db: pg.Client, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ behind: string }>(
      `SELECT count(*) AS behind FROM projection_checkpoints c
        WHERE c.dropped_at IS NULL AND EXISTS (
          SELECT 1 FROM events e WHERE (e.transaction_id::text::bigint, e.global_position) > (c.position_tx, c.position_seq))`,
    );
    if (Number(rows[0]!.behind) === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.behind} projections still behind the log`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function expectEachEventCountedOnce(db: pg.Client): Promise<void> {
  const counts = new Map((await db.query<{ type: string; n: string }>('SELECT type, count(*) AS n FROM events GROUP BY type')).rows.map((r) => [r.type, Number(r.n)]));
  const checkpoints = await db.query<{ name: string; version: number; events_processed: string }>('SELECT name, version, events_processed FROM projection_checkpoints WHERE dropped_at IS NULL');
  for (const checkpoint of checkpoints.rows) {
    const projector = projectors.find((p) => p.name === checkpoint.name);
    if (!projector) continue;
    const expected = projector.handles.reduce((sum, type) => sum + (counts.get(type) ?? 0), 0);
    expect(Number(checkpoint.events_processed), `${checkpoint.name}@v${checkpoint.version}`).toBe(expected);
  }
}
