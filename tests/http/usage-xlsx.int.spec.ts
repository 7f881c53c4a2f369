import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import type { TestUser } from '../support/build-test-app.ts';
import { buildReportScenario, type ReportScenario } from './support/report-scenario.ts';

// The spreadsheet downloads, read back with exceljs and checked cell by cell against the JSON
// endpoints and against the figures of the scenario in support/report-scenario.ts (worked out there).

let s: ReportScenario;
beforeAll(async () => void (s = await buildReportScenario()), 120_000);
afterAll(async () => s?.close());

const period = 'firstDay=2026-01-14&lastDay=2026-01-20';
const get = (user: TestUser | null, url: string) => s.t.app.inject({ method: 'GET', url, headers: user ? s.headers(user) : {} });

async function download(user: TestUser, url: string): Promise<ExcelJS.Workbook> {
  const response = await get(user, url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="usage-(details-)?[A-Za-z0-9._-]+-2026-01-14-2026-01-20\.xlsx"$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** Every row under the header as plain values (exceljs rows are 1-based with a hole at 0). */
const rowsOf = (workbook: ExcelJS.Workbook, sheet: string) => {
  const rows: unknown[][] = [];
  workbook.getWorksheet(sheet)!.eachRow((row, n) => void (n > 1 && rows.push((row.values as unknown[]).slice(1))));
  return rows;
};
const header = (workbook: ExcelJS.Workbook, sheet: string) => (workbook.getWorksheet(sheet)!.getRow(1).values as unknown[]).slice(1);

describe('GET /api/usage-xlsx', () => {
  it('should hold the same figures as GET /api/usage', async () => {
    const totals = UsageTotals.parse((await get(s.unit, `/api/usage/${s.unit.id}/2026-01-14/2026-01-20`)).json());
    const workbook = await download(s.unit, `/api/usage-xlsx?userId=${s.unit.id}&${period}`);
    const figures = new Map(rowsOf(workbook, 'Summary').map(([label, value]) => [label, value]));
    expect(figures.get('Sessions')).toBe(totals.sessionCount);
    expect(figures.get('Sessions')).toBe(3);
    expect(figures.get('Total usage (s)')).toBe(totals.totalUsage);
    expect(figures.get('Total usage (s)')).toBe(1020);
    expect(figures.get('Sessions with participants')).toBe(totals.sessionWithParticipantsCount);
    expect(figures.get('Used days')).toBe(totals.usedDayCount);
    expect(figures.get('Days')).toBe(7);
    expect(figures.get('First day')).toBe('14.1.2026');
    expect(rowsOf(workbook, 'Summary').find(([label]) => label === 'Total usage (s)')![2]).toBe('00:17:00');

    const perDay = rowsOf(workbook, 'Sessions per day');
    expect(perDay.map(([day]) => day)).toEqual(['14.1.2026', '15.1.2026', '16.1.2026', '17.1.2026', '18.1.2026', '19.1.2026', '20.1.2026']);
    expect(perDay.map(([, n]) => n)).toEqual([0, totals.sessionCounts['2026-01-15'], totals.sessionCounts['2026-01-16'], 0, 0, 0, 0]);
    expect(perDay.map(([, n]) => n)).toEqual([0, 1, 2, 0, 0, 0, 0]);

    const byType = rowsOf(workbook, 'Usage by type');
    expect(byType.map(([type, days, seconds]) => [type, days, seconds])).toEqual(
      Object.entries(totals.overallUsage).map(([type, u]) => [type, u.dayCount, u.duration]),
    );
  });

  it('should add the resident\'s sessions when residentId is given', async () => {
    const workbook = await download(s.unit, `/api/usage-xlsx?userId=${s.unit.id}&${period}&residentId=${s.residentA}`);
    const figures = new Map(rowsOf(workbook, 'Summary').map(([label, value]) => [label, value]));
    expect(figures.get('Resident')).toBe('Aino Virtanen');
    expect(figures.get('Sessions with resident')).toBe(1);
    expect(figures.get('Usage with resident (s)')).toBe(600);
  });
});

describe('GET /api/usage-details-xlsx', () => {
  it('should list every play of the counted sessions as GET /api/usage-sessions does, with identifications for the own data', async () => {
    const json = UsageSessions.parse((await get(s.unit, `/api/usage-sessions/${s.unit.id}/2026-01-14/2026-01-20`)).json());
    const workbook = await download(s.unit, `/api/usage-details-xlsx?userId=${s.unit.id}&${period}`);
    expect(header(workbook, 'Sessions')).toEqual(['Date', 'Program', 'Program Type', 'Time', 'Length', 'Pause', 'Possible length', 'Session', 'Session length', 'Identification']);
    const rows = rowsOf(workbook, 'Sessions');
    const plays = json.sessions.flatMap((session) => session.plays);
    expect(rows.map((r) => r[1])).toEqual(plays.map((p) => p.program));
    // S1 file 1 (120 s), S3 file 2 (240 s) then file 1 (60 s, pause 60 s), S4 file 2 (300 s); Helsinki is UTC+2.
    expect(rows.map((r) => [r[0], r[1], r[3], r[4], r[5], r[7], r[8]])).toEqual([
      ['15.1.2026', 'Song', '10:00:00', '00:02:00', '00:00:00', '10:00:00', '00:02:00'],
      ['16.1.2026', 'Program', '11:01:00', '00:04:00', '00:00:00', '11:00:00', '00:10:00'],
      ['16.1.2026', 'Song', '11:06:00', '00:01:00', '00:01:00', '11:00:00', '00:10:00'],
      ['16.1.2026', 'Program', '16:00:00', '00:05:00', '00:00:00', '16:00:00', '00:05:00'],
    ]);
    expect(rows.map((r) => r[2])).toEqual(plays.map((p) => p.programType ?? undefined));
    expect(rows[1]![9]).toBe('Aino Virtanen Room Aino, Eino Korhonen Room Eino');
  });

  it('should show an administrator the participant count and narrow to a resident', async () => {
    const workbook = await download(s.admin, `/api/usage-details-xlsx?userId=${s.unit.id}&${period}&residentId=${s.residentB}`);
    expect(header(workbook, 'Sessions').at(-1)).toBe('Participants');
    expect(rowsOf(workbook, 'Sessions').map((r) => [r[1], r[9]])).toEqual([['Program', 2], ['Song', 2]]);
  });
});

describe('spreadsheet errors', () => {
  it('should refuse strangers, foreign residents and bad periods with the error kinds of DOMAIN.md', async () => {
    for (const path of ['/api/usage-xlsx', '/api/usage-details-xlsx']) {
      const denied = await get(s.other, `${path}?userId=${s.unit.id}&${period}`);
      expect(denied.statusCode).toBe(403);
      expect((await get(null, `${path}?userId=${s.unit.id}&${period}`)).statusCode).toBe(401);
      const foreign = await get(s.other, `${path}?userId=${s.other.id}&${period}&residentId=${s.residentA}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.kind).toBe('NotFound');
      const reversed = await get(s.unit, `${path}?userId=${s.unit.id}&firstDay=2026-01-16&lastDay=2026-01-15`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'querystring.firstDay' }] });
      const missing = await get(s.unit, `${path}?userId=${s.unit.id}&firstDay=2026-01-14`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.kind).toBe('ValidationError');
    }
  });

  // Issue 37: ten exports at once made every other request wait 23 s, a hundred left the server
  // unresponsive. Now they are built in worker threads, at most two of one user at a time.
  it('should make at most two spreadsheets of one user at a time and answer the rest 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => get(s.unit, `/api/${n % 2 ? 'usage-details-xlsx' : 'usage-xlsx'}?userId=${s.unit.id}&${period}`)));
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length, answers.map((a) => a.statusCode).join()).toBeGreaterThan(0);
    expect(answers.filter((a) => a.statusCode !== 429).map((a) => a.statusCode)).toEqual(Array(8 - refused.length).fill(200));
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().error.kind).toBe('TooManyRequests');
    }
    // The others were made meanwhile, by another thread: the server kept answering, and a later
    // export gets its file.
    expect((await get(s.unit, `/api/ping`)).statusCode).toBe(200);
    expect((await get(s.unit, `/api/usage-xlsx?userId=${s.unit.id}&${period}`)).statusCode).toBe(200);
  });
});
