import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { PublicUsage } from '../../schemas/api/public-usage.ts';
import { UsageSessions } from '../../schemas/api/usage-report.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { postUsageLog } from './support/usage-kit.ts';

// Issue 17 item 8: a report is in the unit's time zone and names the unit, whoever reads it. A
// Stockholm unit (UTC+1 in January) is read by its Helsinki administrator (UTC+2): its session at
// 23:30 Stockholm time, 00:30 in Helsinki, belongs to the Stockholm day, and the answers carry the
// zone and the unit's name for the browser to show, not the viewer's.

const now = new Date('2026-01-20T12:00:00.000Z');
let t: TestApp;
let warehouse: Warehouse;
let chdbDir: string;
let unit: TestUser;
let admin: TestUser;
const cookies = new Map<number, string>();

beforeAll(async () => {
  chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-report-zones-'));
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  t = await buildTestApp({ now: () => new Date(now), warehouse });
  await t.sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (20, 'Evening songs', 'Music', 'Music')`);
  await t.sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (5, 'MusicPiece', 'Lullaby', 1800)`);
  await t.sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (5, 20, 0)');
  unit = await t.createUser({ config: { timeZone: 'Europe/Stockholm' } });
  admin = await t.createUser({ config: { timeZone: 'Europe/Helsinki' } });
  await t.sql.query("UPDATE users SET client_name = 'Solgården avdelning 2' WHERE id = $1", [unit.id]);
  await t.sql.query("UPDATE users SET client_name = 'Helsingin toimisto' WHERE id = $1", [admin.id]);
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
  for (const user of [unit, admin]) cookies.set(user.id, (await t.login(user)).cookie);
  // 22:30-22:50 UTC on the 15th: 23:30-23:50 in Stockholm (the 15th), 00:30-00:50 in Helsinki (the 16th).
  const playLog = Array.from({ length: 21 }, (_, i) => ({ time: new Date(Date.parse('2026-01-15T22:30:00.000Z') + i * 60_000).toISOString(), audioFileId: 5, playPosition: i * 60 }));
  const posted = await postUsageLog(t, { cookie: cookies.get(unit.id)! }, { page: 'player', playLog });
  expect(posted.statusCode, posted.body).toBe(200);
  await projectAll({ log: t.store, sql: t.sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

const get = (as: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookies.get(as.id)! } });

describe('GET /api/usage-sessions of a Stockholm unit read by a Helsinki administrator', () => {
  it('should put the session near midnight on the unit\'s day and name the unit\'s zone for the browser', async () => {
    const answer = await get(admin, `/api/usage-sessions/${unit.id}/2026-01-15/2026-01-15`);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = UsageSessions.parse(answer.json());
    expect(list.timeZone).toBe('Europe/Stockholm');
    expect(list.sessions.map((s) => [s.day, s.startTime, s.duration])).toEqual([['2026-01-15', '2026-01-15T22:30:00.000Z', 1200]]);
    // The Helsinki day after holds nothing of it.
    expect(UsageSessions.parse((await get(admin, `/api/usage-sessions/${unit.id}/2026-01-16/2026-01-16`)).json()).sessions).toEqual([]);
  });
});

describe('GET /api/public-usage of a unit read by its administrator', () => {
  it('should name the unit, not the viewer, and count sessions by content type', async () => {
    const answer = await get(admin, `/api/public-usage/${unit.id}/2026-01-14/2026-01-20`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(PublicUsage.parse(answer.json())).toMatchObject({
      userId: unit.id,
      unitName: 'Solgården avdelning 2',
      summaryData: { sessionCount: 1, sessionTotalLength: 1200 },
      categorySummary: [{ categoryName: 'Evening songs', sessionCount: 1 }],
      contentTypeSummary: [{ contentType: 'Music', sessionCount: 1 }],
    });
  });
});
