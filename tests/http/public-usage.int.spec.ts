import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicUsage } from '../../schemas/api/public-usage.ts';
import { buildReportScenario, type ReportScenario } from './support/report-scenario.ts';

// The public report and the public-report token login, over the scenario in support/report-scenario.ts.

let s: ReportScenario;
beforeAll(async () => void (s = await buildReportScenario()), 120_000);
afterAll(async () => s?.close());

const tokenLogin = async (token: string) => {
  const response = await s.t.app.inject({ method: 'POST', url: '/api/publicReportTokenLogin', payload: { token } });
  const cookie = response.cookies.find((c) => c.name === 'sointu_session');
  return { response, headers: cookie ? { cookie: `sointu_session=${cookie.value}` } : {} };
};

describe('GET /api/public-usage/{id}/{first}/{last}', () => {
  it('should summarise counted sessions and sessions per category', async () => {
    const response = await s.t.app.inject({ method: 'GET', url: `/api/public-usage/${s.unit.id}/2026-01-14/2026-01-31`, headers: s.headers(s.unit) });
    expect(response.statusCode, response.body).toBe(200);
    expect(PublicUsage.parse(response.json())).toEqual({
      // Helsinki midnight 2026-01-14 is 22:00 UTC the day before; last is capped at today (20th).
      startTime: '2026-01-13T22:00:00.000Z',
      endTime: '2026-01-20T22:00:00.000Z',
      userId: s.unit.id,
      // The unit's name, not the viewer's (issue 17 item 8): here the unit reads its own report.
      unitName: s.unit.name,
      // S1 120 + S3 600 + S4 300; S2 is short.
      summaryData: { sessionCount: 3, sessionTotalLength: 1020 },
      // Songs: S1, S3; Sing: S3, S4 (S2's play is in a short session).
      categorySummary: [{ categoryName: 'Sing', sessionCount: 2 }, { categoryName: 'Songs', sessionCount: 2 }],
      // The pie is by content type: 'Sing Along' merged to SingAlong (usage rules), Music as it is.
      contentTypeSummary: [{ contentType: 'Music', sessionCount: 2 }, { contentType: 'SingAlong', sessionCount: 2 }],
    });
  });

  it('should let an administrator read it and refuse anyone else', async () => {
    const url = `/api/public-usage/${s.unit.id}/2026-01-14/2026-01-20`;
    expect((await s.t.app.inject({ method: 'GET', url, headers: s.headers(s.admin) })).statusCode).toBe(200);
    const denied = await s.t.app.inject({ method: 'GET', url, headers: s.headers(s.other) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.kind).toBe('AccessDenied');
    expect((await s.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('should let a password login read the report of its public_report_user_id and no other', async () => {
    // The demo `public` user: showOnlyPublicReport, logged in with a password, reporting on a unit.
    const { cookie } = await s.t.login(s.publicUser);
    const me = await s.t.app.inject({ method: 'GET', url: '/api/', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: s.publicUser.id, publicReport: false, publicReportUserId: s.unit.id });

    const report = await s.t.app.inject({ method: 'GET', url: `/api/public-usage/${s.unit.id}/2026-01-14/2026-01-20`, headers: { cookie } });
    expect(report.statusCode, report.body).toBe(200);
    // The Unit column names the unit, not the public user reading it (issue 17 item 8).
    expect(PublicUsage.parse(report.json())).toMatchObject({ userId: s.unit.id, unitName: s.unit.name, summaryData: { sessionCount: 3, sessionTotalLength: 1020 } });

    for (const url of [`/api/public-usage/${s.other.id}/2026-01-14/2026-01-20`, `/api/usage/${s.unit.id}/2026-01-14/2026-01-20`]) {
      const denied = await s.t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().error.kind, url).toBe('AccessDenied');
    }
    // Its own (empty) public report stays open to it.
    const own = await s.t.app.inject({ method: 'GET', url: `/api/public-usage/${s.publicUser.id}/2026-01-14/2026-01-20`, headers: { cookie } });
    expect(own.json().summaryData).toEqual({ sessionCount: 0, sessionTotalLength: 0 });
  });

  it('should name no public report user for a unit without one, and NotFound an unknown user for an administrator', async () => {
    expect((await s.t.app.inject({ method: 'GET', url: '/api/', headers: s.headers(s.unit) })).json().publicReportUserId).toBeNull();
    const unknown = await s.t.app.inject({ method: 'GET', url: '/api/public-usage/999999/2026-01-14/2026-01-20', headers: s.headers(s.admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.kind).toBe('NotFound');
  });

  it('should refuse a period that ends before it starts with a ValidationError', async () => {
    const response = await s.t.app.inject({ method: 'GET', url: `/api/public-usage/${s.unit.id}/2026-01-16/2026-01-15`, headers: s.headers(s.unit) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'params.first' }] });
  });
});

describe('POST /api/publicReportTokenLogin', () => {
  it('should open a session that reads the public report of public_report_user_id and nothing else', async () => {
    const { response, headers } = await tokenLogin('public-token');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ publicReportUserId: s.unit.id });

    const report = await s.t.app.inject({ method: 'GET', url: `/api/public-usage/${s.unit.id}/2026-01-14/2026-01-20`, headers });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().summaryData).toEqual({ sessionCount: 3, sessionTotalLength: 1020 });

    // The page still loads its user (GET /api/), flagged as a public-report session.
    const me = await s.t.app.inject({ method: 'GET', url: '/api/', headers });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: s.publicUser.id, publicReport: true, publicReportUserId: s.unit.id });
    // Its connectivity ping answers, without the unit's session token.
    const ping = await s.t.app.inject({ method: 'GET', url: '/api/ping', headers });
    expect(ping.statusCode, ping.body).toBe(200);
    expect(ping.json()).toEqual({ forceReload: false, tokenMatch: true, lastSessionToken: null, state: null });

    for (const url of [
      `/api/public-usage/${s.other.id}/2026-01-14/2026-01-20`,
      `/api/usage/${s.unit.id}/2026-01-14/2026-01-20`,
      `/api/usage-sessions/${s.unit.id}/2026-01-14/2026-01-20`,
      `/api/resident-usage/${s.residentA}/2026-01-14/2026-01-20`,
      '/api/settings',
    ]) {
      const denied = await s.t.app.inject({ method: 'GET', url, headers });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().error.kind, url).toBe('AccessDenied');
    }
  });

  it('should read the own public report when the token is the unit\'s and not take its playback over', async () => {
    const [before] = await s.t.sql.query<{ last_session_token: string | null }>('SELECT last_session_token FROM users WHERE id = $1', [s.unit.id]);
    const { response, headers } = await tokenLogin('unit-token');
    expect(response.json()).toEqual({ publicReportUserId: s.unit.id });
    expect((await s.t.app.inject({ method: 'GET', url: `/api/public-usage/${s.unit.id}/2026-01-14/2026-01-20`, headers })).statusCode).toBe(200);
    // A token of the unit itself names the unit as whose report the page shows.
    expect((await s.t.app.inject({ method: 'GET', url: '/api/', headers })).json()).toMatchObject({ id: s.unit.id, publicReport: true, publicReportUserId: s.unit.id });
    const [after] = await s.t.sql.query<{ last_session_token: string | null }>('SELECT last_session_token FROM users WHERE id = $1', [s.unit.id]);
    expect(after!.last_session_token).toBe(before!.last_session_token);
  });

  it('should refuse an unknown token and a malformed body', async () => {
    expect((await tokenLogin('no-such-token')).response.statusCode).toBe(401);
    const bad = await s.t.app.inject({ method: 'POST', url: '/api/publicReportTokenLogin', payload: { token: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.kind).toBe('ValidationError');
  });
});
