import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { writeDailyUsage } from '../../projections/warehouse/daily-usage.ts';
import { createWarehouseTables, warehouseTables } from '../../projections/warehouse/tables.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';

// daily_usage written in one statement from the sessions table (projections/warehouse/daily-usage.ts):
// counted sessions only, tombstones for days and types left without any, sums that do not depend
// on the order of rows, and many days split over several statements.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-daily-'));
const t = warehouseTables(1);
let warehouse: Warehouse;

const columns = [
  'user_id', 'session_id', 'day', 'start_time', 'activity_end', 'length', 'short', 'with_participants',
  'guided_seconds', 'continuous_music_seconds', 'continuous_programs_seconds', 'other_seconds', 'derived_version', 'is_deleted',
];
let sessionCount = 0;
/** A session row: [length, short, with participants, guided, music, programs, other]. */
const session = (userId: number, day: string, figures: [number | null, boolean, boolean, number, number, number, number], version = '1') => {
  const id = `00000000-0000-4000-8000-${String(++sessionCount).padStart(12, '0')}`;
  const start = Date.parse(`${day}T10:00:00Z`);
  return [userId, id, day, start, start + 60_000, ...figures, version, 0];
};
const daily = (userId: number) =>
  warehouse.query<{ day: string; usage_type: string; seconds: number; sessions: number; sessions_with_participants: number }>(
    `SELECT toString(day) AS day, usage_type, seconds, sessions, sessions_with_participants FROM ${t.dailyUsage} FINAL WHERE user_id = ${userId} ORDER BY day, usage_type`,
  );

beforeAll(async () => {
  warehouse = await connectTestWarehouse(dir);
  await createWarehouseTables(warehouse, 1);
});
afterAll(async () => {
  await warehouse.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('daily usage written from the sessions table', () => {
  it('should count only counted sessions, per usage type, in exact sums', async () => {
    await warehouse.insertCompact(t.sessions, columns, [
      session(1, '2026-01-15', [0.1, false, true, 0.1, 0, 0, 0]),
      session(1, '2026-01-15', [0.2, false, false, 0, 0.2, 0, 0]),
      session(1, '2026-01-15', [0.2, false, false, 0, 0.1, 0, 0.1]),
      // Short: not counted at all.
      session(1, '2026-01-15', [5, true, true, 5, 0, 0, 0]),
      // Open (no length yet): counted with 0 s.
      session(1, '2026-01-16', [null, false, false, 0, 0, 0, 0]),
    ]);
    await writeDailyUsage(warehouse, t, new Map([[1, new Set(['2026-01-15', '2026-01-16'])]]), '2');
    expect(await daily(1)).toEqual([
      { day: '2026-01-15', usage_type: 'ContinuousMusic', seconds: 0.3, sessions: 2, sessions_with_participants: 0 },
      { day: '2026-01-15', usage_type: 'GuidedUsage', seconds: 0.1, sessions: 1, sessions_with_participants: 1 },
      { day: '2026-01-15', usage_type: 'OtherUsage', seconds: 0.1, sessions: 1, sessions_with_participants: 0 },
      { day: '2026-01-15', usage_type: 'Total', seconds: 0.5, sessions: 3, sessions_with_participants: 1 },
      { day: '2026-01-16', usage_type: 'Total', seconds: 0, sessions: 1, sessions_with_participants: 0 },
    ]);
  });

  it('should tombstone what an earlier derivation wrote for a day left without counted sessions', async () => {
    await warehouse.insertCompact(t.sessions, columns, [session(2, '2026-02-01', [120, false, false, 0, 120, 0, 0])]);
    await writeDailyUsage(warehouse, t, new Map([[2, new Set(['2026-02-01'])]]), '2');
    expect((await daily(2)).map((r) => r.usage_type)).toEqual(['ContinuousMusic', 'Total']);
    // The session is now short (a later batch derived it again): the day has nothing to count.
    await warehouse.exec(`ALTER TABLE ${t.sessions} UPDATE short = true WHERE user_id = 2 SETTINGS mutations_sync = 2`);
    await writeDailyUsage(warehouse, t, new Map([[2, new Set(['2026-02-01'])]]), '3');
    expect(await daily(2)).toEqual([]);
    const [written] = await warehouse.query<{ n: number; deleted: number }>(
      `SELECT count() AS n, sum(is_deleted) AS deleted FROM ${t.dailyUsage} WHERE user_id = 2 AND derived_version = 3`,
    );
    expect(written).toEqual({ n: 5, deleted: 5 });
  });

  it('should write every day of a long catch-up, over several statements', async () => {
    const first = Date.parse('2014-01-01T00:00:00Z');
    const days = Array.from({ length: 4_500 }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
    await warehouse.insertCompact(t.sessions, columns, [session(3, days[0]!, [60, false, false, 60, 0, 0, 0]), session(4, days.at(-1)!, [30, false, false, 0, 0, 0, 30])]);
    await writeDailyUsage(warehouse, t, new Map([[3, new Set(days)], [4, new Set(days.slice(-10))]]), '2');
    const [written] = await warehouse.query<{ n: number; kept: number }>(
      `SELECT count() AS n, countIf(is_deleted = 0) AS kept FROM ${t.dailyUsage} WHERE user_id IN (3, 4) AND derived_version = 2`,
    );
    expect(written).toEqual({ n: (4_500 + 10) * 5, kept: 4 });
    expect(await daily(4)).toEqual([
      { day: days.at(-1), usage_type: 'OtherUsage', seconds: 30, sessions: 1, sessions_with_participants: 0 },
      { day: days.at(-1), usage_type: 'Total', seconds: 30, sessions: 1, sessions_with_participants: 0 },
    ]);
  });
});
