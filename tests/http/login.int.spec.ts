import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_START } from '../../infra/event-store/event-store.ts';
import { contractAlerts, LoginResult } from '../../schemas/api/auth.ts';
import { bothDatabases, buildTestApp, type TestApp } from '../support/build-test-app.ts';

// POST /api/login and POST /api/logout, on PGlite and on a Postgres server database.

describe.each(bothDatabases)('POST /api/login on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ database });
  });
  afterAll(() => t.close());

  const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });
  const allEvents = () => t.store.readAll(LOG_START, 10_000);
  const userRows = () => t.sql.query('SELECT id, name, last_session_token FROM users ORDER BY id');

  it('should log in, set a signed one-year http-only cookie and record LoggedIn', async () => {
    const user = await t.createUser();
    const response = await login({ username: user.name, password: user.password });

    expect(response.statusCode).toBe(200);
    const body = LoginResult.parse(response.json());
    expect(body.user.id).toBe(user.id);
    expect(body.user.name).toBe(user.name);
    expect(body.jwt).toBeUndefined();
    const cookie = response.cookies.find((c) => c.name === 'sointu_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, maxAge: 31_536_000, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();

    const [row] = await t.sql.query<{ last_session_token: string }>('SELECT last_session_token FROM users WHERE id = $1', [user.id]);
    expect(row!.last_session_token).toBe(body.user.lastSessionToken);
    const events = await t.store.readStream(`usage-${user.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'LoggedIn', data: { userId: user.id, sessionToken: row!.last_session_token, admin: false, method: 'password' } });
  });

  it('should make the cookie Secure and SameSite=None behind a trusted https proxy', async () => {
    const behindProxy = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    try {
      const user = await behindProxy.createUser();
      const response = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: user.name, password: user.password },
      });
      const cookie = response.cookies.find((c) => c.name === 'sointu_session')!;
      expect(cookie).toMatchObject({ secure: true, sameSite: 'None', httpOnly: true });
      expect(LoginResult.parse(response.json()).baseUrl).toMatch(/^https:\/\//);
    } finally {
      await behindProxy.close();
    }
  });

  it('should ignore a client claiming https when no proxy is trusted', async () => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: user.name, password: user.password },
    });
    const cookie = response.cookies.find((c) => c.name === 'sointu_session')!;
    expect(cookie.secure).toBeFalsy();
    expect(LoginResult.parse(response.json()).baseUrl).toMatch(/^http:\/\//);
  });

  it('should authenticate GET /api/ with the cookie and with the bearer JWT', async () => {
    const user = await t.createUser();
    const response = await login({ username: user.name, password: user.password, jwt: true });
    const { jwt } = LoginResult.parse(response.json());
    expect(jwt).toEqual(expect.any(String));
    const cookie = response.cookies.find((c) => c.name === 'sointu_session')!;

    const byCookie = await t.app.inject({ method: 'GET', url: '/api/', cookies: { sointu_session: cookie.value } });
    const byBearer = await t.app.inject({ method: 'GET', url: '/api/', headers: { authorization: `Bearer ${jwt}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().id).toBe(user.id);

    const forged = await t.app.inject({ method: 'GET', url: '/api/', headers: { authorization: `Bearer ${jwt!.slice(0, -4)}AAAA` } });
    expect(forged.statusCode).toBe(401);
  });

  it('should answer Unauthorized "Login failed" for a wrong password, an unknown or an inactive user, storing nothing', async () => {
    const user = await t.createUser();
    const inactive = await t.createUser({ active: false });
    const before = (await allEvents()).length;
    for (const payload of [
      { username: user.name, password: 'wrong' },
      { username: 'nobody-by-this-name', password: 'whatever' },
      { username: inactive.name, password: inactive.password },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { kind: 'Unauthorized', message: 'Login failed' } });
      expect(response.cookies).toHaveLength(0);
    }
    expect((await allEvents()).length).toBe(before);
  });

  it('should refuse a contract that has not started with the spec alert', async () => {
    const user = await t.createUser({ contractStartDate: '2999-01-01' });
    const response = await login({ username: user.name, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { kind: 'AccessDenied', message: contractAlerts.notStarted } });
    expect(response.cookies).toHaveLength(0);
    expect(await t.store.readStream(`usage-${user.id}`)).toHaveLength(0);
  });

  it('should refuse an ended contract with the contact address in the alert', async () => {
    const user = await t.createUser({ contractEndDate: '2001-12-31' });
    const response = await login({ username: user.name, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      kind: 'AccessDenied',
      message: 'Your subscription has ended. To continue using the service, please contact help@sointu.test.',
    });
  });

  it('should treat SQL-looking user names as plain text', async () => {
    const usersBefore = await userRows();
    for (const username of ["' OR 1=1 --", "admin'; DROP TABLE users; --", '" OR ""="']) {
      const response = await login({ username, password: "' OR '1'='1" });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.kind).toBe('Unauthorized');
    }
    expect(await userRows()).toEqual(usersBefore);
  });

  describe('bad input', () => {
    it.each([
      ['a number as username', { username: 42, password: 'x' }, ['body.username']],
      ['a missing password', { username: 'someone' }, ['body.password']],
      ['an empty username', { username: '', password: 'x' }, ['body.username']],
      ['an unknown field', { username: 'someone', password: 'x', admin: true }, ['body.admin']],
      ['jwt as a string', { username: 'someone', password: 'x', jwt: 'yes' }, ['body.jwt']],
      ['an array body', [{ username: 'someone', password: 'x' }], ['body']],
    ])('should answer ValidationError for %s, storing nothing', async (_name, payload, paths) => {
      const before = (await allEvents()).length;
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.kind).toBe('ValidationError');
      expect(error.message).toBe('Validation error');
      expect(error.details.map((d: { path: string }) => d.path)).toEqual(paths);
      expect((await allEvents()).length).toBe(before);
    });

    it('should answer ValidationError when the body is missing', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/login' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.kind).toBe('ValidationError');
    });

    it('should answer InvalidRequest for broken JSON, storing nothing', async () => {
      const before = (await allEvents()).length;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "a", "password": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ kind: 'InvalidRequest', message: 'Invalid request' });
      expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
      expect((await allEvents()).length).toBe(before);
    });

    it('should answer 413 PayloadTooLarge for an oversized body', async () => {
      const user = await t.createUser();
      const response = await login({ username: user.name, password: 'x'.repeat(2 * 1024 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.kind).toBe('PayloadTooLarge');
      expect(await t.store.readStream(`usage-${user.id}`)).toHaveLength(0);
    });

    it('should answer InvalidRequest for a body that is not JSON', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.kind).toBe('InvalidRequest');
    });
  });
});

describe('POST /api/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('should clear the session cookie so GET /api/ is Unauthorized again', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'sointu_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    const after = await t.app.inject({ method: 'GET', url: '/api/', cookies: { sointu_session: cleared.value } });
    expect(after.statusCode).toBe(401);
  });

  it('should answer OK without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('should reject an unknown field in the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { everywhere: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.kind).toBe('ValidationError');
  });
});
