import { LOG_START } from '../../infra/event-store/event-store.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { advanceCheckpoint, readCheckpoint } from '../engine/checkpoint-store.ts';
import { usageWarehouseName, type BatchContext, type DeferredRun, type DerivationProgress } from './batch.ts';
import { deriveDeferred } from './scheduling.ts';
import { rawTableKeys, warehouseTables } from './tables.ts';

/**
 * Copies `from`'s raw tables and derives every user once, then moves this version's checkpoint to
 * where `from`'s stood before the copy: its raw tables hold every event up to there (a checkpoint
 * moves only after the raw insert). Rows beyond it come again from the log; the derivation drops
 * repeated facts. Done only while this version has not started; a seed cut short starts again.
 */
export async function seedFromRawTables(
  ctx: BatchContext,
  sql: Sql,
  version: number,
  from: number,
  groupEvents: number,
  onProgress?: (p: DerivationProgress | null) => void,
): Promise<void> {
  const own = await readCheckpoint(sql, usageWarehouseName, version);
  if (own.eventsProcessed > 0 || own.position.tx !== LOG_START.tx || own.position.seq !== LOG_START.seq) return;
  const source = await readCheckpoint(sql, usageWarehouseName, from);
  if (source.eventsProcessed === 0) return;
  const { warehouse, t } = ctx;
  const s = warehouseTables(from);
  for (const name of Object.values(t)) await warehouse.exec(`TRUNCATE TABLE ${name}`);
  await Promise.all(rawTableKeys.map((key) => warehouse.exec(`INSERT INTO ${t[key]} SELECT * FROM ${s[key]}`)));
  const users = await warehouse.query<{ userId: number; start: number; end: number; events: number }>(
    `SELECT user_id AS userId, toUnixTimestamp64Milli(min(client_time)) AS start, toUnixTimestamp64Milli(max(client_time)) AS end, count() AS events
       FROM (${[t.playSamples, t.videoActions, t.sessionStarts, t.sessionStops].map((table) => `SELECT user_id, client_time FROM ${table}`).join(' UNION ALL ')})
      GROUP BY user_id`,
  );
  const run: DeferredRun = {
    touched: new Map(users.map((u) => [u.userId, { start: u.start, end: u.end, earliestStop: null, events: u.events }])),
    events: users.reduce((n, u) => n + u.events, 0),
    last: source.position,
  };
  await deriveDeferred(ctx, run, groupEvents, onProgress, false);
  await advanceCheckpoint(sql, usageWarehouseName, version, LOG_START, source.position, source.eventsProcessed);
}
