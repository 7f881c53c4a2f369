import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_START, type RecordedEvent } from '../../infra/event-store/event-store.ts';
import { usageWarehouseEvents, type UsageWarehouseEvent } from '../../projections/warehouse/raw-rows.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { byStream, closeWarehouseWorld, openWarehouseWorld, type WarehouseWorld, run } from './usage-warehouse-support.ts';

// A full page (`catchingUp`) is deferred while the projector catches up after `setup`; once it has
// reached the end of the log, a full page is live load and its plays go into the tables with that
// very batch, not when the load eases (issue 21 item 5: from a play to the report).

const t = warehouseTables(1);
let { warehouse, sql, store, dir } = {} as WarehouseWorld;
beforeAll(async () => {
  ({ warehouse, sql, store, dir } = await openWarehouseWorld('live-pages', [61, 62, 63].map((id) => ({ id }))));
});
afterAll(() => closeWarehouseWorld({ warehouse, sql, store, dir }));

const playsOf = async (userId: number) =>
  Number((await warehouse.query<{ n: number }>(`SELECT count() AS n FROM ${t.plays} FINAL WHERE user_id = ${userId}`))[0]?.n ?? 0);

describe('usage warehouse, full pages', () => {
  it('should defer full pages until the end of the log after setup, and derive them at once when live', async () => {
    const projector = createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => Date.parse('2026-02-01T00:00:00Z') });
    await projector.setup(warehouse, { sql });
    await store.appendMany(byStream(run(61, '2026-01-15T10:00:00.000Z', 4, 1)));
    await store.appendMany(byStream(run(62, '2026-01-15T11:00:00.000Z', 4, 1)));
    await store.appendMany(byStream(run(63, '2026-01-15T12:00:00.000Z', 4, 1)));
    const handled = (e: RecordedEvent): e is UsageWarehouseEvent => (usageWarehouseEvents as readonly string[]).includes(e.type);
    const log = (await store.readAll(LOG_START, 12)).filter(handled);
    const [first, second, third] = [log.slice(0, 4), log.slice(4, 8), log.slice(8)];

    // Catching up: the page is written raw, its plays wait for the end of the log.
    expect(await projector.apply(warehouse, first, { sql, catchingUp: true })).toBe('deferred');
    expect(await playsOf(61)).toBe(0);
    // The end of the log: the deferred run is derived.
    expect(await projector.apply(warehouse, second, { sql, catchingUp: false })).toBeUndefined();
    expect([await playsOf(61), await playsOf(62)]).toEqual([1, 1]);
    // Live now: a full page is derived with its own batch.
    expect(await projector.apply(warehouse, third, { sql, catchingUp: true })).toBeUndefined();
    expect(await playsOf(63)).toBe(1);

    // A new setup (a restart, a retry from the checkpoint) catches up again first.
    await projector.setup(warehouse, { sql });
    expect(await projector.apply(warehouse, third, { sql, catchingUp: true })).toBe('deferred');
  });
});
