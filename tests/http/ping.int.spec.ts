import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PingResponse } from '../../schemas/api/ping.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

describe('GET /api/ping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const ping = async (cookie: string, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/ping${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return PingResponse.parse(response.json());
  };

  it('should match the token of the latest login only', async () => {
    const user = await t.createUser();
    const first = await t.login(user);
    expect(await ping(first.cookie)).toMatchObject({ tokenMatch: true, forceReload: false, state: null });
    const second = await t.login(user);
    const afterTakeOver = await ping(first.cookie);
    expect(afterTakeOver.tokenMatch).toBe(false);
    expect(afterTakeOver.lastSessionToken).not.toBeNull();
    expect(await ping(second.cookie)).toMatchObject({ tokenMatch: true, lastSessionToken: afterTakeOver.lastSessionToken });
  });

  it('should always match when the user allows multiple logins', async () => {
    const user = await t.createUser({ config: { allowMultiLogin: true } });
    const first = await t.login(user);
    await t.login(user);
    expect((await ping(first.cookie)).tokenMatch).toBe(true);
  });

  it('should deliver forceReload once and the interface state set for the user', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    await t.sql.query(`UPDATE users SET force_reload = true, ui_state = '{"route":"/music"}' WHERE id = $1`, [user.id]);
    expect(await ping(cookie, '?admin=false')).toMatchObject({ forceReload: true, state: { route: '/music' } });
    expect((await ping(cookie)).forceReload).toBe(false);
  });

  it('should answer Unauthorized when not logged in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.kind).toBe('Unauthorized');
  });

  it('should reject unknown and oversized query parameters', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/ping?drop=table', headers: { cookie } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.kind).toBe('ValidationError');
    const long = await t.app.inject({ method: 'GET', url: `/api/ping?lastSessionToken=${'x'.repeat(500)}`, headers: { cookie } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toEqual([expect.objectContaining({ path: 'querystring.lastSessionToken' })]);
  });
});
