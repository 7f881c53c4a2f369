import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { UsageTotals } from '../../schemas/api/usage-report.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { insertMessageItems, postUsageLog } from './support/usage-kit.ts';

// messageItemClicks of GET /api/usage/{userId}/{first}/{last} by the clicked item's content type,
// read from the message_items read model (migration 005). Clicks are posted through POST
// /api/usage-log and projected into chDB by the real runner. "Now" is 2026-03-10 12:00 UTC.

const now = new Date('2026-03-10T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-message-clicks-'));
let warehouse: Warehouse;
let t: TestApp;
let unit: TestUser;
let cookie: string;

beforeAll(async () => {
  warehouse = await connectTestWarehouse(chdbDir);
  t = await buildTestApp({ now: () => new Date(now), warehouse });
  unit = await t.createUser();
  cookie = (await t.login(unit)).cookie;

  // Items of the messages read model: 101 SingAlong, 102 Exercise, 103 News; and item 500 whose
  // content type was never set.
  const items = [
    { id: 101, type: 'AudioFile', contentType: 'SingAlong' },
    { id: 102, type: 'MediaFile', contentType: 'Exercise' },
    { id: 103, type: 'InlineHTMLTrack', contentType: 'News' },
  ];
  await insertMessageItems(t, unit.id, items, 1);
  await insertMessageItems(t, unit.id, [{ id: 500 }, { id: 999, contentType: 'Game' }], 2);

  // 2026-03-05: 101 opened twice (closed in between, which is no click), 102 opened once, 500
  // opened once, 999 opened once and removed afterwards. 2026-03-01, before the period: 103 opened.
  // Expected for 2026-03-02..10: SingAlong 2, Exercise 1, Unknown 2 (item 500 and item 999); News 0.
  const clicks: Array<[string, number, 'open' | 'close']> = [
    ['2026-03-05T09:00:00.000Z', 101, 'open'],
    ['2026-03-05T09:01:00.000Z', 101, 'close'],
    ['2026-03-05T09:02:00.000Z', 101, 'open'],
    ['2026-03-05T09:03:00.000Z', 102, 'open'],
    ['2026-03-05T09:04:00.000Z', 500, 'open'],
    ['2026-03-05T09:05:00.000Z', 999, 'open'],
    ['2026-03-01T09:00:00.000Z', 103, 'open'],
  ];
  for (const [time, messageItemId, action] of clicks) {
    const response = await postUsageLog(t, { cookie }, { page: 'messageItem', time, messageItemId, action });
    expect(response.statusCode, response.body).toBe(200);
  }
  // A click names an item that existed; the item may go later, its clicks stay in the log.
  await t.sql.query('DELETE FROM message_items WHERE id = 999');
  await projectAll({ log: t.store, sql: t.sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

const totals = async (period: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/usage/${unit.id}/${period}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return UsageTotals.parse(response.json());
};

describe('GET /api/usage messageItemClicks', () => {
  it('should count item opens by the content type of the message item', async () => {
    expect((await totals('2026-03-02/2026-03-10')).messageItemClicks).toEqual({ SingAlong: 2, Exercise: 1, Unknown: 2 });
    expect((await totals('2026-03-01/2026-03-01')).messageItemClicks).toEqual({ News: 1 });
  });

  it('should follow a content type changed in the read model', async () => {
    await t.sql.query("UPDATE message_items SET content_type = 'Story' WHERE id = 500");
    try {
      expect((await totals('2026-03-02/2026-03-10')).messageItemClicks).toEqual({ SingAlong: 2, Exercise: 1, Story: 1, Unknown: 1 });
    } finally {
      await t.sql.query('UPDATE message_items SET content_type = NULL WHERE id = 500');
    }
  });
});
