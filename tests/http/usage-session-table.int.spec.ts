import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { UsageSessionTable } from '../../schemas/api/usage-details.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { postUsageLog } from './support/usage-kit.ts';

// GET /api/usage-session-table end to end: usage posted through POST /api/usage-log, projected
// by the real runner into chDB, read back over HTTP. Expected rows are worked out by hand below.
//
// Times posted are UTC; the unit lives in Helsinki, in July UTC+3, so every "Time" and "Session"
// reads three hours later than posted and a play after 21:00 UTC falls on the next local day.
// "Now" is 2026-07-20 12:00 UTC.

const now = new Date('2026-07-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-session-table-'));
let warehouse: Warehouse;
let t: TestApp;
let unit: TestUser;
let admin: TestUser;
let other: TestUser;
const headers: Record<string, Record<string, string>> = {};
let aino: number;
let eino: number;

const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
/** Samples every `step` seconds from `from`, the position advancing with the clock. */
const samples = (from: string, count: number, audioFileId: number, step: number) =>
  Array.from({ length: count }, (_, i) => ({ time: at(from, i * step), audioFileId, playPosition: i * step }));

async function post(data: Parameters<typeof postUsageLog>[2]) {
  const response = await postUsageLog(t, headers.unit!, data);
  expect(response.statusCode, response.body).toBe(200);
}
const get = (who: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? headers[who] : {} });
const table = async (who: string, query = '', period = '2026-07-15/2026-07-20') => {
  const response = await get(who, `/api/usage-session-table/${unit.id}/${period}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return UsageSessionTable.parse(response.json());
};

beforeAll(async () => {
  warehouse = await connectTestWarehouse(chdbDir);
  t = await buildTestApp({ now: () => new Date(now), warehouse });
  const { sql } = t;

  // File 1 'Song' (MusicPiece, 180 s, content type Music), file 2 'Story' (AudioProgram, 600 s, Story).
  await sql.query(`INSERT INTO categories (id, name, type, content_type) VALUES (10, 'Songs', 'Music', 'Music'), (12, 'Stories', 'Program', 'Story')`);
  await sql.query(`INSERT INTO audio_files (id, type, name, length) VALUES (1, 'MusicPiece', 'Song', 180), (2, 'AudioProgram', 'Story', 600)`);
  await sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES (1, 10, 0), (2, 12, 0)');

  unit = await t.createUser();
  admin = await t.createUser();
  other = await t.createUser();
  for (const [key, u] of [['unit', unit], ['admin', admin], ['other', other]] as const) headers[key] = { cookie: (await t.login(u)).cookie };
  await sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
  const resident = async (first: string, last: string, identification: string | null) =>
    Number((await sql.query<{ id: number }>('INSERT INTO residents (first_name, last_name, identification, user_id) VALUES ($1, $2, $3, $4) RETURNING id', [first, last, identification, unit.id]))[0]!.id);
  aino = await resident('Aino', 'Virtanen', 'Room 4');
  eino = await resident('Eino', 'Korhonen', null);

  // X, 2026-07-15, explicit with Aino and Eino: started 06:00:00 (09:00 local); file 2
  //   06:01:00-06:05:00 (9 samples 30 s apart): 240 s, pause 0; file 1 06:06:00-06:07:00 (3
  //   samples): 60 s, pause 60 (06:06 - 06:05); stopped 06:10:00: session 600 s.
  await post({ page: 'startSession', time: '2026-07-15T06:00:00.000Z', residentIds: [aino, eino], params: { outdoors: false, activityIds: [] } });
  await post({ page: 'player', playLog: [...samples('2026-07-15T06:01:00.000Z', 9, 2, 30), ...samples('2026-07-15T06:06:00.000Z', 3, 1, 30)] });
  await post({ page: 'stopSession', time: '2026-07-15T06:10:00.000Z' });

  // Y, 2026-07-16, explicit with Aino across local midnight: started 20:50:00 (23:50 local); file 1
  //   20:58:00-21:00:00 (5 samples): 120 s, pause 0, local 23:58:00 on the 16th; file 2
  //   21:01:00-21:03:00 (3 samples 60 s apart): 120 s, pause 60, local 00:01:00 on the 17th;
  //   stopped 21:05:00: session 900 s, belonging to the 16th, its start day.
  await post({ page: 'startSession', time: '2026-07-16T20:50:00.000Z', residentIds: [aino], params: { outdoors: false, activityIds: [] } });
  await post({ page: 'player', playLog: [...samples('2026-07-16T20:58:00.000Z', 5, 1, 30), ...samples('2026-07-16T21:01:00.000Z', 3, 2, 60)] });
  await post({ page: 'stopSession', time: '2026-07-16T21:05:00.000Z' });

  // Z, 2026-07-17, implicit: file 1 07:00:00-07:02:00 (5 samples): 120 s, no participants.
  // W, 2026-07-17, implicit and short: file 1 09:00:00, :05, :10: 10 s < 20 s.
  await post({ page: 'player', playLog: [...samples('2026-07-17T07:00:00.000Z', 5, 1, 30), ...samples('2026-07-17T09:00:00.000Z', 3, 1, 5)] });

  await projectAll({ log: t.store, sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

const ainoId = () => ({ residentId: aino, firstName: 'Aino', lastName: 'Virtanen', identification: 'Room 4' });
const einoId = () => ({ residentId: eino, firstName: 'Eino', lastName: 'Korhonen', identification: null });

describe('GET /api/usage-session-table/{userId}/{first}/{last}', () => {
  it('should give one row per play in local time, with identification and resident totals for own data', async () => {
    const result = await table('unit');
    expect(result).toMatchObject({ userId: unit.id, first: '2026-07-15', last: '2026-07-20', timeZone: 'Europe/Helsinki', ownData: true });
    const rows = result.rows.map(({ sessionId: _, identification, ...rest }) => ({ ...rest, identification: identification?.map((r) => r.residentId).sort() }));
    const both = [aino, eino].sort();
    expect(rows).toEqual([
      { date: '2026-07-15', program: 'Story', programType: 'Story', time: '09:01:00', length: 240, pause: 0, possibleLength: 600, session: '09:00:00', sessionLength: 600, short: false, participantCount: 2, identification: both },
      { date: '2026-07-15', program: 'Song', programType: 'Music', time: '09:06:00', length: 60, pause: 60, possibleLength: 180, session: '09:00:00', sessionLength: 600, short: false, participantCount: 2, identification: both },
      { date: '2026-07-16', program: 'Song', programType: 'Music', time: '23:58:00', length: 120, pause: 0, possibleLength: 180, session: '23:50:00', sessionLength: 900, short: false, participantCount: 1, identification: [aino] },
      { date: '2026-07-17', program: 'Story', programType: 'Story', time: '00:01:00', length: 120, pause: 60, possibleLength: 600, session: '23:50:00', sessionLength: 900, short: false, participantCount: 1, identification: [aino] },
      { date: '2026-07-17', program: 'Song', programType: 'Music', time: '10:00:00', length: 120, pause: 0, possibleLength: 180, session: '10:00:00', sessionLength: 120, short: false, participantCount: 0, identification: [] },
    ]);
    expect(result.rows[2]!.identification).toEqual([ainoId()]);
    // Counted: X 600 + Y 900 + Z 120 = 1620 s in 3 sessions (W is short).
    expect(result).toMatchObject({ sessionCount: 3, totalUsage: 1620 });
    // Footer, by last name: Eino took part in X only (600 s; plays 240 + 60 = 300 s);
    // Aino in X and Y (600 + 900 = 1500 s; plays 240 + 60 + 120 + 120 = 540 s).
    expect(result.residentTotals).toEqual([
      { ...einoId(), sessionCount: 1, sessionLength: 600, playCount: 2, length: 300 },
      { ...ainoId(), sessionCount: 2, sessionLength: 1500, playCount: 4, length: 540 },
    ]);
  });

  it('should show an administrator the participant count only, without names', async () => {
    const result = await table('admin');
    expect(result.ownData).toBe(false);
    expect(result.residentTotals).toBeNull();
    expect(result.rows.map((r) => [r.participantCount, r.identification])).toEqual([[2, null], [2, null], [1, null], [1, null], [0, null]]);
    expect(JSON.stringify(result)).not.toContain('Virtanen');
  });

  it('should keep only the sessions with the chosen resident', async () => {
    const result = await table('unit', `?residentId=${eino}`);
    // Only X: its two plays; the footer covers the listed sessions, so Aino has X alone too.
    expect(result.rows.map((r) => [r.date, r.time, r.program])).toEqual([['2026-07-15', '09:01:00', 'Story'], ['2026-07-15', '09:06:00', 'Song']]);
    expect(result).toMatchObject({ sessionCount: 1, totalUsage: 600 });
    expect(result.residentTotals!.map((r) => [r.residentId, r.sessionCount, r.sessionLength])).toEqual([[eino, 1, 600], [aino, 1, 600]]);
  });

  it('should list short sessions only with showShort, never counting them', async () => {
    const day = '2026-07-17/2026-07-17';
    // The 17th holds Z (its start day); Y's play after midnight belongs to Y, a session of the 16th.
    expect((await table('unit', '', day)).rows.map((r) => r.time)).toEqual(['10:00:00']);
    const all = await table('unit', '?showShort=true', day);
    expect(all.rows.map((r) => [r.time, r.length, r.session, r.sessionLength, r.short])).toEqual([
      ['10:00:00', 120, '10:00:00', 120, false],
      ['12:00:00', 10, '12:00:00', 10, true],
    ]);
    expect(all).toMatchObject({ sessionCount: 1, totalUsage: 120 });
  });

  it('should refuse other users, anonymous callers and bad input', async () => {
    const url = `/api/usage-session-table/${unit.id}/2026-07-15/2026-07-20`;
    expect((await get('other', url)).json().error.kind).toBe('AccessDenied');
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get('admin', '/api/usage-session-table/999999/2026-07-15/2026-07-20')).statusCode).toBe(404);
    const bad = await get('unit', `${url}?showShort=yes&residentId=x&extra=1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { path: string }) => d.path).sort()).toEqual(['querystring.extra', 'querystring.residentId', 'querystring.showShort']);
    const period = await get('unit', `/api/usage-session-table/${unit.id}/2026-07-18/2026-07-16`);
    expect(period.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'params.first' })] });
  });
});
