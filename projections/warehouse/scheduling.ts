import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import { touch, versionOf, noteTouches, type BatchContext, type DeferredRun, type DerivationProgress, type Touch } from './batch.ts';
import { derivationRows, rawRowsByTable, type UsageWarehouseEvent } from './raw-rows.ts';
import { deriveTouched } from './window-rounds.ts';

// When the usage warehouse derives: a live batch at once (projectBatch), a deferred run of
// catch-up batches once at its end in groups of users (deriveDeferred); both add the users whose
// open session's recheck time has passed (dueRechecks).

export const insertRawRows = (ctx: BatchContext, events: readonly UsageWarehouseEvent[]) =>
  Promise.all([...rawRowsByTable(events, ctx.t)].map(([table, { columns, rows }]) => ctx.warehouse.insertCompact(table, columns, rows))).then(() => undefined);

/**
 * An open session ends when maxPause passes without a play: time alone changes it, so users whose
 * recheck time has passed are derived again (at their session's last activity).
 */
export async function dueRechecks(ctx: BatchContext, touched: Map<number, Touch>): Promise<{ userId: number; at: number }[]> {
  const due = await ctx.warehouse.query<{ userId: number; at: number }>(
    `SELECT user_id AS userId, toUnixTimestamp64Milli(recheck_at) AS at FROM ${ctx.t.rechecks} FINAL WHERE recheck_at <= '${toClickHouseTime(new Date(ctx.now))}'`,
  );
  for (const d of due) touch(touched, d.userId, d.at - (ctx.rules.maxPauseSeconds * 1000 + 1));
  return due;
}

export async function projectBatch(ctx: BatchContext, events: readonly UsageWarehouseEvent[]): Promise<void> {
  // The raw rows go in after the first round has loaded its windows: the derivation takes the
  // batch's own rows from memory, so the tables give back only what earlier batches wrote.
  let rawInserted: Promise<void> | undefined;
  const insertRaw = () => (rawInserted ??= insertRawRows(ctx, events));
  const touched = new Map<number, Touch>();
  noteTouches(touched, events);
  const due = await dueRechecks(ctx, touched);
  if (touched.size === 0) return insertRaw();
  await deriveTouched(ctx, touched, versionOf(events.at(-1)!.position), due, { fresh: derivationRows(events), loaded: insertRaw });
  await insertRaw();
}

/**
 * The users a deferred run touched, derived in groups of about `groupEvents` events, two groups at
 * a time: while one waits for ClickHouse (loading, writing), the other derives on this thread.
 * Groups hold other users, so their rows never meet. Progress is told as groups finish.
 */
export async function deriveDeferred(
  ctx: BatchContext,
  run: DeferredRun,
  groupEvents: number,
  onProgress?: (p: DerivationProgress | null) => void,
  derivedBefore = true,
): Promise<void> {
  if (run.last === null) return;
  const version = versionOf(run.last);
  const due = await dueRechecks(ctx, run.touched);
  const groups: Map<number, Touch>[] = [];
  let size = 0;
  for (const [userId, touched] of [...run.touched].sort(([a], [b]) => a - b)) {
    if (groups.length === 0 || (size > 0 && size + touched.events > groupEvents)) {
      groups.push(new Map());
      size = 0;
    }
    groups.at(-1)!.set(userId, touched);
    size += touched.events;
  }
  const progress = { usersDone: 0, usersTotal: run.touched.size };
  let next = 0;
  const worker = async () => {
    for (let group = groups[next++]; group; group = groups[next++]) {
      await deriveTouched(ctx, group, version, due.filter((d) => group!.has(d.userId)), { derivedBefore });
      progress.usersDone += group.size;
      onProgress?.({ ...progress });
    }
  };
  try {
    onProgress?.({ ...progress });
    await Promise.all([worker(), worker()]);
  } finally {
    onProgress?.(null);
  }
}
