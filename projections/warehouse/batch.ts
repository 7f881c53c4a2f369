import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { LogPosition } from '../../infra/event-store/event-store.ts';
import type { UsageRules } from '../../schemas/events/usage-rules.ts';
import { derivationInstant, type UsageWarehouseEvent } from './raw-rows.ts';
import type { RecheckMemory } from './rechecks.ts';
import type { ReferenceData } from './reference.ts';
import type { WarehouseTables } from './tables.ts';

// What the usage warehouse projector's parts share: the batch context, and the note of what a
// batch (or a deferred run of batches) touched per user.

export const usageWarehouseName = 'usage-warehouse';

export interface BatchContext {
  warehouse: Warehouse;
  t: WarehouseTables;
  rules: UsageRules;
  reference: ReferenceData;
  now: number;
  maxRounds: number;
  /** The pending rechecks in memory (rechecks.ts); without it they are read from the table. */
  rechecks?: RecheckMemory;
}

export interface DerivationProgress {
  usersDone: number;
  usersTotal: number;
}

export interface Touch {
  start: number;
  end: number;
  /** client time of the earliest stop noted: the latest start at or before it is re-derived too */
  earliestStop: number | null;
  /** events noted, to size the groups a deferred run derives together */
  events: number;
}

/** Batches whose raw rows are written but whose derivation waits for the end of the catch-up. */
export interface DeferredRun {
  touched: Map<number, Touch>;
  events: number;
  last: LogPosition | null;
}

export function newDeferredRun(): DeferredRun {
  return { touched: new Map(), events: 0, last: null };
}

/** UInt128 version that orders like log positions (tx, then seq). */
export const versionOf = (p: LogPosition) => ((BigInt(p.tx) << 64n) | BigInt(p.seq)).toString();

export function touch(touched: Map<number, Touch>, userId: number, at: number): Touch {
  const seen = touched.get(userId);
  if (!seen) {
    const fresh: Touch = { start: at, end: at, earliestStop: null, events: 1 };
    touched.set(userId, fresh);
    return fresh;
  }
  if (at < seen.start) seen.start = at;
  if (at > seen.end) seen.end = at;
  seen.events += 1;
  return seen;
}

export function noteTouches(touched: Map<number, Touch>, events: readonly UsageWarehouseEvent[]): void {
  for (const e of events) {
    const at = derivationInstant(e);
    if (at === null) continue;
    const seen = touch(touched, e.data.userId, at);
    if (e.type === 'UsageSessionStopped' && (seen.earliestStop === null || at < seen.earliestStop)) seen.earliestStop = at;
  }
}
