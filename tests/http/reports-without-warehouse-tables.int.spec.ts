import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { isUnknownTable, missingTablesAsEmpty } from '../../queries/usage/missing-tables-as-empty.ts';
import { NotConnectedPlays, UsageDetailsLog } from '../../schemas/api/usage-details-log.ts';
import { UsageSessionTable, VideoViews } from '../../schemas/api/usage-details.ts';
import { AdminUsage, UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { postUsageLog } from './support/usage-kit.ts';

// Every report endpoint on a warehouse whose tables do not exist yet: a fresh chDB directory (as
// a fresh CLICKHOUSE_URL database) and no projection runner ever started, so no table was created.
// Usage is posted all the same: it is in the log, just not projected. The answer is empty
// figures, never a 500. "Now" is 2026-01-20 12:00 UTC.

const now = new Date('2026-01-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-no-tables-'));
let warehouse: Warehouse;
let t: TestApp;
let unit: TestUser;
let admin: TestUser;
let residentId: number;
const headers = new Map<TestUser, Record<string, string>>();
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: headers.get(user) });

beforeAll(async () => {
  warehouse = await connectTestWarehouse(chdbDir);
  t = await buildTestApp({ now: () => new Date(now), warehouse, logger: { level: 'fatal' } });
  await t.sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180)`);
  // The spreadsheets need the viewer's showExcelDownloadButtonInReport (spec 3 section 2).
  unit = await t.createUser({ config: { showExcelDownloadButtonInReport: true } });
  admin = await t.createUser();
  for (const u of [unit, admin]) headers.set(u, { cookie: (await t.login(u)).cookie });
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
  residentId = Number((await t.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [unit.id]))[0]!.id);
  const posted = await postUsageLog(t, headers.get(unit)!, { page: 'player', playLog: [{ time: '2026-01-15T08:00:00.000Z', audioFileId: 1, playPosition: 0 }, { time: '2026-01-15T08:01:00.000Z', audioFileId: 1, playPosition: 60 }] });
  expect(posted.statusCode, posted.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('report endpoints before the warehouse tables exist', () => {
  it('should have no usage table to read from', async () => {
    const tables = await warehouse.query<{ name: string }>('SELECT name FROM system.tables WHERE database = currentDatabase()');
    expect(tables).toEqual([]);
  });

  it('should answer the totals with zeros', async () => {
    const response = await get(unit, `/api/usage/${unit.id}/2026-01-14/2026-01-20`);
    expect(response.statusCode, response.body).toBe(200);
    const totals = UsageTotals.parse(response.json());
    expect(totals).toMatchObject({ dayCount: 7, sessionCount: 0, usedDayCount: 0, totalUsage: 0, averageUsagePerDay: 0, sessionCounts: {}, topMusic: [], videos: [], messageItemClicks: {} });
    expect(totals.overallUsage.ContinuousMusic).toEqual({ dayCount: 0, duration: 0 });
    expect(totals.audioFileEvaluations).toEqual({ '1': 0, '0': 0, '-1': 0 });
    expect(totals.usagePerType).toEqual({});
  });

  it('should answer the lists with no rows', async () => {
    const period = `${unit.id}/2026-01-14/2026-01-20`;
    expect(UsageSessions.parse((await get(unit, `/api/usage-sessions/${period}?showShortSessions=true`)).json())).toMatchObject({ totalUsage: 0, sessions: [] });
    expect(UsageSessionTable.parse((await get(unit, `/api/usage-session-table/${period}?showShort=true`)).json())).toMatchObject({ rows: [], sessionCount: 0, totalUsage: 0, residentTotals: [] });
    expect(VideoViews.parse((await get(unit, `/api/video-views/${period}`)).json()).views).toEqual([]);
    expect(UsageDetailsLog.parse((await get(unit, `/api/usage-details-log/${period}?showShort=true`)).json())).toMatchObject({ total: 0, rows: [] });
    expect(NotConnectedPlays.parse((await get(unit, `/api/not-connected-plays/${period}`)).json())).toMatchObject({ total: 0, rows: [] });
    const resident = await get(unit, `/api/resident-usage/${residentId}/2026-01-14/2026-01-20`);
    expect(resident.statusCode, resident.body).toBe(200);
    expect(resident.json().sessions).toEqual([]);
    const publicUsage = await get(unit, `/api/public-usage/${period}`);
    expect(publicUsage.statusCode, publicUsage.body).toBe(200);
    expect(publicUsage.json()).toMatchObject({ summaryData: { sessionCount: 0, sessionTotalLength: 0 }, categorySummary: [] });
  });

  it("should answer the administrator's monthly usage with zeros", async () => {
    const response = await get(admin, '/api/usage?firstDay=2026-01-01&lastDay=2026-01-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(AdminUsage.parse(response.json()).users).toEqual([{ userId: unit.id, name: unit.name, months: [{ month: '2026-01', sessionCount: 0, totalUsage: 0, usedDayCount: 0 }] }]);
  });

  it('should still produce both spreadsheets', async () => {
    for (const name of ['usage-xlsx', 'usage-details-xlsx']) {
      const response = await get(unit, `/api/${name}?userId=${unit.id}&firstDay=2026-01-14&lastDay=2026-01-20`);
      expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(200);
      // An xlsx is a zip: it starts with PK.
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});

describe('missingTablesAsEmpty', () => {
  it('should read only a missing table as empty, and pass every other error on', async () => {
    const reads = missingTablesAsEmpty(warehouse);
    expect(await reads.query('SELECT count() AS n FROM plays_v9 FINAL')).toEqual([]);
    expect(await reads.query('SELECT number FROM system.numbers LIMIT 2')).toEqual([{ number: 0 }, { number: 1 }]);
    await expect(reads.query('SELECT no_such_column FROM system.one')).rejects.toThrow(/UNKNOWN_IDENTIFIER/);
    await expect(reads.query('SELEC 1')).rejects.toThrow();
  });

  it("should know the server client's error as well as chDB's", () => {
    // @clickhouse/client's ClickHouseError carries the server's code and type.
    expect(isUnknownTable(Object.assign(new Error("Table default.plays_v1 doesn't exist"), { code: '60', type: 'UNKNOWN_TABLE' }))).toBe(true);
    expect(isUnknownTable(Object.assign(new Error('Syntax error'), { code: '62', type: 'SYNTAX_ERROR' }))).toBe(false);
    expect(isUnknownTable('Code: 60.')).toBe(false);
  });
});
