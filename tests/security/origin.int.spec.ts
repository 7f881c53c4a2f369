import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Cross-site requests (server/http/origin-check.ts): a state-changing /api request or the /ws
// upgrade whose Origin is not the server's own answers AccessDenied; without Origin, or with ours,
// it goes through. app.inject addresses the server as http://localhost:80.

describe('Origin check without PUBLIC_URL (the request\'s own host)', () => {
  let t: TestApp;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
    user = await t.createUser();
    cookie = (await t.login(user)).cookie;
  });
  afterAll(() => t.close());

  const putSetting = (headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie, ...headers }, payload: { key: 'resultsCount', value: '50' } });
  const stored = async () => (await t.sql.query('SELECT 1 FROM settings WHERE user_id = $1', [user.id])).length;

  it('should refuse a state-changing request from another origin and change nothing', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'http://localhost:8080', 'null', 'not a url']) {
      const response = await putSetting({ origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().error.kind, origin).toBe('AccessDenied');
    }
    expect(await stored()).toBe(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'https://evil.example' }, payload: { username: user.name, password: user.password } });
    expect(login.statusCode).toBe(403);
    expect(login.cookies).toHaveLength(0);
  });

  it('should let the same origin and requests without Origin through', async () => {
    expect((await putSetting({ origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await putSetting({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await putSetting({})).statusCode).toBe(200);
    expect(await stored()).toBe(1);
  });

  it('should not check reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });

  it('should refuse the /ws upgrade from another origin, and open it from ours', async () => {
    // A browser always sends Host with the upgrade; injectWS sends only what it is given.
    const host = 'localhost';
    await expect(t.app.injectWS('/ws', { headers: { cookie, host, origin: 'https://evil.example' } })).rejects.toThrow(/403/);
    const socket = await t.app.injectWS('/ws', { headers: { cookie, host, origin: 'http://localhost' } });
    socket.terminate();
    // Without Origin (a non-browser client) the upgrade is not refused for it.
    (await t.app.injectWS('/ws', { headers: { cookie } })).terminate();
  });
});

describe('Origin check with PUBLIC_URL', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://sointu.example' } });
    cookie = (await t.login(await t.createUser())).cookie;
  });
  afterAll(() => t.close());

  it('should accept only the public origin, whatever host the request came to', async () => {
    const put = (origin: string) => t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie, origin }, payload: { key: 'resultsCount', value: '10' } });
    expect((await put('https://sointu.example')).statusCode).toBe(200);
    expect((await put('http://localhost')).statusCode).toBe(403);
    expect((await put('http://sointu.example')).statusCode).toBe(403);
  });
});
