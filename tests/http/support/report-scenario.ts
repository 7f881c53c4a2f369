import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../../infra/clickhouse/clickhouse.ts';
import { createUsageWarehouseProjector } from '../../../projections/warehouse/usage-warehouse-projector.ts';
import { defaultUsageRules } from '../../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../../support/build-test-app.ts';
import { postUsageLog } from './usage-kit.ts';
import { projectAll } from '../../../projections/engine/project-all.ts';

// One small usage scenario for the public, resident and spreadsheet report tests: posted through
// POST /api/usage-log (the real command path), projected by the real runner into chDB.
//
// "Now" is 2026-01-20 12:00 UTC; the unit lives in Helsinki (UTC+2), all on local 2026-01-15/16.
// Library: file 1 'Song' (category 10 'Songs', Music), file 2 'Program' (category 11 'Sing', Sing Along).
// S1 implicit 2026-01-15 08:00:00-08:02:00, file 1 (5 samples 30 s apart): 120 s ContinuousMusic.
// S2 implicit 2026-01-15 09:00:00-09:00:10, file 1: 10 s, short: hidden and uncounted.
// S3 explicit 2026-01-16 09:00:00-09:10:00 with residents A and B: file 2 09:01:00-09:05:00
//    (240 s), file 1 09:06:00-09:07:00 (60 s, pause 60 s); session 600 s.
// S4 implicit 2026-01-16 14:00:00-14:05:00, file 2 (6 samples 60 s apart): 300 s, no residents.
// Counted: S1, S3, S4 = 3 sessions, 1020 s. Sessions with category 10: S1, S3; with 11: S3, S4.

export interface ReportScenario {
  t: TestApp;
  warehouse: Warehouse;
  unit: TestUser;
  other: TestUser;
  admin: TestUser;
  relative: TestUser;
  publicUser: TestUser;
  residentA: number;
  residentB: number;
  headers: (user: TestUser) => Record<string, string>;
  close(): Promise<void>;
}

const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
const samples = (from: string, count: number, audioFileId: number, step: number) =>
  Array.from({ length: count }, (_, i) => ({ time: at(from, i * step), audioFileId, playPosition: i * step }));

export async function buildReportScenario(now = new Date('2026-01-20T12:00:00.000Z')): Promise<ReportScenario> {
  const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-report-scenario-'));
  const warehouse = await connectWarehouse({ dataDir: chdbDir });
  const t = await buildTestApp({ now: () => new Date(now), warehouse });
  const { sql } = t;
  await sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (10, 'Songs', 'Music', 'Music'), (11, 'Sing', 'Music', 'Sing Along')`);
  await sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180), (2, 'AudioProgram', 'Program', 600)`);
  await sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (1, 10, 0), (2, 11, 0)');

  const [unit, other, admin, relative, publicUser] = [await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser()];
  const cookies = new Map<string, string>();
  for (const u of [unit, other, admin, relative]) cookies.set(u.name, (await t.login(u)).cookie);
  const resident = async (first: string, last: string) =>
    Number((await sql.query<{ id: number }>('INSERT INTO residents (first_name, last_name, identification, user_id) VALUES ($1, $2, $3, $4) RETURNING id', [first, last, `Room ${first}`, unit.id]))[0]!.id);
  const residentA = await resident('Aino', 'Virtanen');
  const residentB = await resident('Eino', 'Korhonen');
  await sql.query('UPDATE users SET resident_id = $1 WHERE id = $2', [residentA, relative.id]);
  await sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
  // The spreadsheet downloads need the viewer's flag (spec 3 section 2); the relative has none.
  await sql.query(`UPDATE users SET config = config || '{"showExcelDownloadButtonInReport": true}'::jsonb WHERE id = ANY($1)`, [[unit.id, other.id, admin.id]]);
  await sql.query("UPDATE users SET public_report_token_code = 'unit-token' WHERE id = $1", [unit.id]);
  await sql.query("UPDATE users SET public_report_token_code = 'public-token', public_report_user_id = $2 WHERE id = $1", [publicUser.id, unit.id]);

  const headers = (user: TestUser) => ({ cookie: cookies.get(user.name)! });
  const post = async (data: Parameters<typeof postUsageLog>[2]) => {
    const response = await postUsageLog(t, headers(unit), data);
    expect(response.statusCode, response.body).toBe(200);
  };
  await post({ page: 'player', playLog: [...samples('2026-01-15T08:00:00.000Z', 5, 1, 30), ...samples('2026-01-15T09:00:00.000Z', 3, 1, 5)] });
  await post({ page: 'startSession', time: '2026-01-16T09:00:00.000Z', residentIds: [residentA, residentB], params: { outdoors: true, activityIds: [] } });
  await post({ page: 'player', playLog: [...samples('2026-01-16T09:01:00.000Z', 9, 2, 30), ...samples('2026-01-16T09:06:00.000Z', 3, 1, 30)] });
  await post({ page: 'stopSession', time: '2026-01-16T09:10:00.000Z' });
  await post({ page: 'player', playLog: samples('2026-01-16T14:00:00.000Z', 6, 2, 60) });

  await projectAll({
    log: t.store,
    sql: t.sql,
    warehouse,
    projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })],
  });
  return {
    t, warehouse, unit, other, admin, relative, publicUser, residentA, residentB, headers,
    async close() {
      await t.close();
      await warehouse.close();
      fs.rmSync(chdbDir, { recursive: true, force: true });
    },
  };
}
