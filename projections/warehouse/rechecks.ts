import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import { touch, type BatchContext, type Touch } from './batch.ts';

// An open session ends when maxPause passes without a play: time alone changes it, so users whose
// recheck time has passed are derived again (at their session's last activity). The pending
// rechecks live in the rechecks table; a live batch used to ask it for the due ones first, one
// ClickHouse round trip before anything else could start. The projector is the table's only
// writer, so it keeps the pending rechecks in memory (RecheckMemory), read from the table once and
// then kept up to date with what it writes.

/**
 * The rechecks table's live rows (user -> recheck instants, epoch ms) as this projector last wrote
 * or read them. Forgotten whenever it may differ from the table: the runner calls the projector's
 * `setup` before reading from its checkpoint again (a restart, a retry after a failure, a lease
 * taken over from another instance), and a write that fails part-way forgets it at once.
 */
export class RecheckMemory {
  private pending: Map<number, Set<number>> | undefined;

  forget(): void {
    this.pending = undefined;
  }

  async due(ctx: BatchContext): Promise<{ userId: number; at: number }[]> {
    this.pending ??= await readPending(ctx);
    const due: { userId: number; at: number }[] = [];
    for (const [userId, instants] of this.pending) for (const at of instants) if (at <= ctx.now) due.push({ userId, at });
    return due;
  }

  /** After a successful write of recheck rows ([user_id, recheck_at ms, derived_version, is_deleted], in write order). */
  wrote(rows: readonly (readonly [number, number, string, 0 | 1])[]): void {
    if (!this.pending) return;
    for (const [userId, at, , deleted] of rows) {
      const instants = this.pending.get(userId) ?? new Set<number>();
      if (deleted) instants.delete(at);
      else instants.add(at);
      if (instants.size > 0) this.pending.set(userId, instants);
      else this.pending.delete(userId);
    }
  }
}

async function readPending(ctx: BatchContext): Promise<Map<number, Set<number>>> {
  const rows = await ctx.warehouse.query<{ userId: number; at: number }>(
    `SELECT user_id AS userId, toUnixTimestamp64Milli(recheck_at) AS at FROM ${ctx.t.rechecks} FINAL`,
  );
  const pending = new Map<number, Set<number>>();
  for (const { userId, at } of rows) {
    const instants = pending.get(Number(userId)) ?? new Set<number>();
    instants.add(Number(at));
    pending.set(Number(userId), instants);
  }
  return pending;
}

/**
 * The rechecks due at the batch's "now", each noted as a touch at its session's last activity.
 * From memory when the context carries it, else from the table (a version being seeded).
 */
export async function dueRechecks(ctx: BatchContext, touched: Map<number, Touch>): Promise<{ userId: number; at: number }[]> {
  const due = ctx.rechecks
    ? await ctx.rechecks.due(ctx)
    : await ctx.warehouse.query<{ userId: number; at: number }>(
      `SELECT user_id AS userId, toUnixTimestamp64Milli(recheck_at) AS at FROM ${ctx.t.rechecks} FINAL WHERE recheck_at <= '${toClickHouseTime(new Date(ctx.now))}'`,
    );
  for (const d of due) touch(touched, d.userId, d.at - (ctx.rules.maxPauseSeconds * 1000 + 1));
  return due;
}
