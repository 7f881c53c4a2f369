import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAlerts } from '../../schemas/api/auth.ts';
import { CurrentUser, UserConfig } from '../../schemas/api/user.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

describe('GET /api/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const getUser = (cookie?: string, query = '') => t.app.inject({ method: 'GET', url: `/api/${query}`, headers: cookie ? { cookie } : {} });

  it('should return the user with every config flag defaulted', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const response = await getUser(cookie);
    expect(response.statusCode).toBe(200);
    const body = CurrentUser.parse(response.json());
    expect(body.config).toEqual(UserConfig.parse({}));
    expect(Object.keys(response.json().config).sort()).toEqual(Object.keys(UserConfig.shape).sort());
    expect(body).toMatchObject({ id: user.id, name: user.name, adminOfUsers: [], timeZone: 'Europe/Helsinki', admin: false, language: 'fin' });
    expect(body.config).toMatchObject({ search: true, music: null, showUserReport: true, msgrId: 0, userAdmin: false });
  });

  it('should merge stored flags over the defaults and ignore malformed ones', async () => {
    const user = await t.createUser({ config: { usageReport: true, timeZone: 'America/New_York', music: 'enabled', search: 'not-a-boolean' } });
    const { cookie } = await t.login(user);
    const body = CurrentUser.parse((await getUser(cookie)).json());
    expect(body.config).toMatchObject({ usageReport: true, music: 'enabled', search: true, timeZone: 'America/New_York' });
    expect(body.timeZone).toBe('America/New_York');
  });

  it('should list adminOfUsers and derive userAdmin', async () => {
    const admin = await t.createUser();
    const unitA = await t.createUser({ name: `a-unit-${Date.now()}` });
    const unitB = await t.createUser({ name: `b-unit-${Date.now()}` });
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($1, $3)', [admin.id, unitA.id, unitB.id]);
    const inviter = await t.createUser({ config: { canInviteUsers: true } });

    const adminBody = CurrentUser.parse((await getUser((await t.login(admin)).cookie)).json());
    expect(adminBody.adminOfUsers).toEqual([
      { id: unitA.id, name: unitA.name },
      { id: unitB.id, name: unitB.name },
    ]);
    expect(adminBody.config.userAdmin).toBe(true);
    const inviterBody = CurrentUser.parse((await getUser((await t.login(inviter)).cookie)).json());
    expect(inviterBody.config.userAdmin).toBe(true);
  });

  it('should answer Unauthorized without a session or with a tampered cookie', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    expect((await getUser()).json()).toEqual({ error: { kind: 'Unauthorized', message: 'Unauthorized' } });
    expect((await getUser()).statusCode).toBe(401);
    // Same payload, other user id, old signature: the signature no longer matches.
    const [, value] = cookie.split('=');
    const [payload, signature] = decodeURIComponent(value!).split('.');
    const session = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect((await getUser(`sointu_session=${payload}.${signature}`)).statusCode).toBe(200);
    const forged = Buffer.from(JSON.stringify({ ...session, userId: session.userId + 1 })).toString('base64url');
    expect((await getUser(`sointu_session=${forged}.${signature}`)).statusCode).toBe(401);
    expect((await getUser(`sointu_session=${forged}`)).statusCode).toBe(401);
  });

  it('should block a contract that ended after login, with the spec alert', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    await t.sql.query("UPDATE users SET contract_end_date = '2020-01-01' WHERE id = $1", [user.id]);
    const response = await getUser(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ kind: 'AccessDenied', message: contractAlerts.ended.replace('{email}', 'help@sointu.test') });
    await t.sql.query("UPDATE users SET contract_end_date = NULL, contract_start_date = '2999-12-31' WHERE id = $1", [user.id]);
    expect((await getUser(cookie)).json().error).toEqual({ kind: 'AccessDenied', message: contractAlerts.notStarted });
  });

  it('should answer the public-report view for publicReport=true: only todaysMessages, messages, favorites and usageReport as the user has them', async () => {
    const user = await t.createUser({ config: { usageReport: true, messages: false, search: true, settings: true, canInviteUsers: true } });
    const { cookie } = await t.login(user);
    const full = CurrentUser.parse((await getUser(cookie)).json());
    expect(full).toMatchObject({ publicReport: false, config: { search: true, settings: true, usageReport: true } });
    const response = await getUser(cookie, '?publicReport=true');
    expect(response.statusCode).toBe(200);
    const view = CurrentUser.parse(response.json());
    expect(view).toMatchObject({ id: user.id, publicReport: true, publicReportUserId: user.id, email: null, adminOfUsers: [] });
    const on = Object.entries(view.config).filter(([, value]) => value === true).map(([flag]) => flag).sort();
    expect(on).toEqual(['favorites', 'showOnlyPublicReport', 'showPublicReport', 'todaysMessages', 'usageReport']);
    expect(CurrentUser.parse((await getUser(cookie, '?publicReport=false')).json()).config).toEqual(full.config);
    const bad = await getUser(cookie, '?publicReport=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'querystring.publicReport' }] });
  });

  it('should accept the spec query parameters and reject unknown ones', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    expect((await getUser(cookie, '?time=2024-01-01T10:00:00Z')).statusCode).toBe(200);
    const response = await getUser(cookie, '?bogus=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'querystring.bogus', message: 'Unknown field' }] });
  });
});
