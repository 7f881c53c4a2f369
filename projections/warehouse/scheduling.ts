import { versionOf, noteTouches, type BatchContext, type DeferredRun, type DerivationProgress, type Touch } from './batch.ts';
import { dueRechecks } from './rechecks.ts';
import { derivationRows, rawRowsByTable, type UsageWarehouseEvent } from './raw-rows.ts';
import { deriveTouched } from './window-rounds.ts';

// When the usage warehouse derives: a live batch at once (projectBatch), a deferred run of
// catch-up batches once at its end in groups of users (deriveDeferred); both add the users whose
// open session's recheck time has passed (dueRechecks).

export const insertRawRows = (ctx: BatchContext, events: readonly UsageWarehouseEvent[]) =>
  Promise.all([...rawRowsByTable(events, ctx.t)].map(([table, { columns, rows }]) => ctx.warehouse.insertCompact(table, columns, rows))).then(() => undefined);

export async function projectBatch(ctx: BatchContext, events: readonly UsageWarehouseEvent[]): Promise<void> {
  // The raw rows go in at once, beside the whole derivation (a live batch's time is what a play
  // waits for before it shows). The derivation takes the batch's own rows from memory; a window
  // that loads after the insert landed gets them from the table too, with the same values, and
  // keeps one of each (load.ts, union).
  const rawInserted = insertRawRows(ctx, events);
  const touched = new Map<number, Touch>();
  noteTouches(touched, events);
  const derived = (async () => {
    const due = await dueRechecks(ctx, touched);
    if (touched.size > 0) await deriveTouched(ctx, touched, versionOf(events.at(-1)!.position), due, { fresh: derivationRows(events) });
  })();
  // Both settle before the checkpoint may move; a failure of either fails the batch.
  await Promise.all([rawInserted, derived]);
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
