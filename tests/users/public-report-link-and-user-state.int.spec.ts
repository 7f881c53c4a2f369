import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicReportLink } from '../../schemas/api/public-report-link.ts';
import { PingResponse } from '../../schemas/api/ping.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Issue 17 item 6: the public report link (GET, POST, DELETE /api/public-report-link/{userId}),
// which an administrator with showPublicReport issues, shows and revokes for a unit they
// administer, and POST /api/user-state, which only a support session sets for the account it is in.

describe.each(routeDatabases)('public report link and user state on %s', (database) => {
  let t: TestApp;
  let unit: TestUser;
  let admin: TestUser;
  let plainAdmin: TestUser;
  let outsider: TestUser;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await buildTestApp({ database, config: { publicUrl: 'https://sointu.example.fi' } });
    unit = await t.createUser();
    admin = await t.createUser({ config: { showPublicReport: true } });
    plainAdmin = await t.createUser();
    outsider = await t.createUser({ config: { showPublicReport: true } });
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($3, $2)', [admin.id, unit.id, plainAdmin.id]);
    for (const user of [unit, admin, plainAdmin, outsider]) cookies.set(user.id, (await t.login(user)).cookie);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', as: TestUser | null, userId: number | string) =>
    t.app.inject({ method, url: `/api/public-report-link/${userId}`, headers: as ? { cookie: cookies.get(as.id)! } : {}, ...(method === 'POST' ? { payload: {} } : {}) });
  const tokenLogin = (token: string) => t.app.inject({ method: 'POST', url: '/api/publicReportTokenLogin', payload: { token } });
  const auditRows = async () => (await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logging WHERE "table" = 'users' AND query LIKE '%public-report-link'`))[0]!.n;

  describe('/api/public-report-link/{userId}', () => {
    it('should issue a link that opens the unit\'s public report, show it, replace it and revoke it, audited', async () => {
      expect(PublicReportLink.parse((await call('GET', admin, unit.id)).json())).toEqual({ userId: unit.id, token: null, link: null });

      const issued = await call('POST', admin, unit.id);
      expect(issued.statusCode, issued.body).toBe(200);
      const first = PublicReportLink.parse(issued.json());
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(first.link).toBe(`https://sointu.example.fi/?rtoken=${first.token}`);
      expect(PublicReportLink.parse((await call('GET', admin, unit.id)).json())).toEqual(first);
      const visitor = await tokenLogin(first.token!);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ publicReportUserId: unit.id });
      const visitorCookie = `sointu_session=${visitor.cookies.find((c) => c.name === 'sointu_session')!.value}`;

      // Issuing again replaces the token: the old link no longer opens anything.
      const second = PublicReportLink.parse((await call('POST', admin, unit.id)).json());
      expect(second.token).not.toBe(first.token);
      expect((await tokenLogin(first.token!)).statusCode).toBe(401);

      const revoked = await call('DELETE', admin, unit.id);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toEqual({ userId: unit.id, token: null, link: null });
      expect((await tokenLogin(second.token!)).statusCode).toBe(401);
      // The visitor session the link opened ends with it.
      expect((await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie: visitorCookie } })).statusCode).toBe(401);
      // Revoking again changes nothing and writes no audit row.
      const rows = await auditRows();
      expect(rows).toBe(3);
      expect((await call('DELETE', admin, unit.id)).statusCode).toBe(200);
      expect(await auditRows()).toBe(rows);
    });

    it('should refuse everyone but an administrator of the unit with showPublicReport', async () => {
      expect((await call('GET', null, unit.id)).statusCode).toBe(401);
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        for (const [who, as, target] of [
          ['an administrator without showPublicReport', plainAdmin, unit.id],
          ['the unit itself', unit, unit.id],
          ['an outsider with showPublicReport', outsider, unit.id],
          ['the administrator, of a unit not theirs', admin, outsider.id],
          ['the administrator, of an unknown id', admin, 2_000_000_000],
        ] as const) {
          const answer = await call(method, as, target);
          expect(answer.statusCode, `${method} by ${who}`).toBe(403);
          expect(answer.json().error.kind).toBe('AccessDenied');
        }
      }
      expect(PublicReportLink.parse((await call('GET', admin, unit.id)).json()).token).toBeNull();
    });

    it('should refuse a malformed id with a ValidationError naming it', async () => {
      for (const id of ['abc', '0', '99999999999']) {
        const answer = await call('GET', admin, id);
        expect(answer.statusCode, id).toBe(400);
        expect(answer.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'params.userId' })] });
      }
    });
  });

  describe('POST /api/user-state', () => {
    const setState = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/user-state', headers, payload: payload as object });

    it('should let a support session set the state of the account it is in, read by the user\'s ping and audited as the administrator', async () => {
      const support = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: unit.name, adminUsername: admin.name, password: admin.password } });
      expect(support.statusCode, support.body).toBe(200);
      const cookie = `sointu_session=${support.cookies.find((c) => c.name === 'sointu_session')!.value}`;
      const answer = await setState({ cookie }, { state: { page: 'recipes', zoom: 2 } });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ ok: true });
      const ping = PingResponse.parse((await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie: cookies.get(unit.id)! } })).json());
      expect(ping.state).toEqual({ page: 'recipes', zoom: 2 });
      const [audit] = await t.sql.query<{ user_id: number; query: string }>(`SELECT user_id, query FROM logging WHERE "table" = 'users' AND query = 'user-state' ORDER BY id DESC LIMIT 1`);
      expect(audit).toEqual({ user_id: admin.id, query: 'user-state' });
    });

    it('should refuse a session without the admin flag and anonymous callers, storing nothing', async () => {
      expect((await setState({}, { state: { page: 'x' } })).statusCode).toBe(401);
      for (const user of [unit, admin, plainAdmin]) {
        const answer = await setState({ cookie: cookies.get(user.id)! }, { state: { page: 'x' } });
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error.kind).toBe('AccessDenied');
      }
      const ping = PingResponse.parse((await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie: cookies.get(admin.id)! } })).json());
      expect(ping.state).toBeNull();
    });

    it('should refuse a malformed or oversized state with a ValidationError naming the field', async () => {
      const support = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: unit.name, adminUsername: admin.name, password: admin.password } });
      const cookie = `sointu_session=${support.cookies.find((c) => c.name === 'sointu_session')!.value}`;
      for (const payload of [{}, { state: 'x' }, { state: [1] }, { state: { big: 'x'.repeat(20_000) } }, { state: {}, extra: 1 }]) {
        const answer = await setState({ cookie }, payload);
        expect(answer.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(answer.json().error.kind).toBe('ValidationError');
        expect(JSON.stringify(answer.json().error.details)).toMatch(/body\.(state|extra)/);
      }
    });
  });
});
