import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

describe.each(routeDatabases)('GET and PUT /api/settings on %s', (database) => {
  let t: TestApp;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({ database });
    user = await t.createUser();
    cookie = (await t.login(user)).cookie;
  });
  afterAll(() => t.close());

  const put = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: payload as object });
  const stored = () => t.sql.query('SELECT user_id, key, value FROM settings ORDER BY user_id, key');
  const auditRows = () => t.sql.query<{ table: string; action: string; user_id: number; old_data: unknown; new_data: unknown }>(
    'SELECT "table", action, user_id, old_data, new_data FROM logging ORDER BY id',
  );

  it('should answer the defaults when nothing is stored', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultsCount: '20' });
  });

  it('should skip an unchanged value, also when it equals the default', async () => {
    const before = await auditRows();
    const response = await put({ key: 'resultsCount', value: '20' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultsCount: '20' });
    expect(await stored()).toEqual([]);
    expect(await auditRows()).toEqual(before);
  });

  it('should write a change and its audit row, then skip the repeat', async () => {
    const first = await put({ key: 'resultsCount', value: '50' });
    expect(first.json()).toEqual({ resultsCount: '50' });
    expect(await auditRows()).toEqual([
      { table: 'settings', action: 'INSERT', user_id: user.id, old_data: null, new_data: { userId: user.id, key: 'resultsCount', value: '50' } },
    ]);
    await put({ key: 'resultsCount', value: '50' });
    expect(await auditRows()).toHaveLength(1);

    await put({ key: 'resultsCount', value: '100' });
    const audit = await auditRows();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ action: 'UPDATE', old_data: { value: '50' }, new_data: { value: '100' } });
    const got = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(got.json()).toEqual({ resultsCount: '100' });
  });

  it('should store the other known settings within their bounds', async () => {
    expect((await put({ key: 'oneClickAutoPlay', value: 'true' })).json().oneClickAutoPlay).toBe('true');
    expect((await put({ key: 'sessionTargetCount', value: '35' })).json().sessionTargetCount).toBe('35');
    expect(await stored()).toContainEqual({ user_id: user.id, key: 'oneClickAutoPlay', value: 'true' });
    expect(await stored()).toContainEqual({ user_id: user.id, key: 'sessionTargetCount', value: '35' });
  });

  it('should keep the picked language, which GET /api/ then answers as uiParams.language', async () => {
    const speaker = await t.createUser();
    const headers = { cookie: (await t.login(speaker)).cookie };
    const me = () => t.app.inject({ method: 'GET', url: '/api/', headers });
    expect((await me()).json().uiParams.language).toBeUndefined();
    const response = await put({ key: 'language', value: 'swe2' }, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().language).toBe('swe2');
    expect((await me()).json().uiParams.language).toBe('swe2');
    const bad = await put({ key: 'language', value: 'english' }, headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.value' }] });
    expect((await me()).json().uiParams.language).toBe('swe2');
  });

  it('should keep each user to their own settings', async () => {
    const other = await t.createUser();
    const otherCookie = (await t.login(other)).cookie;
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: otherCookie } });
    expect(response.json()).toEqual({ resultsCount: '20' });
  });

  describe('bad input', () => {
    it.each([
      ['a number as value', { key: 'resultsCount', value: 50 }, 'body.value'],
      ['a missing value', { key: 'resultsCount' }, 'body.value'],
      ['a missing key', { value: '10' }, 'body.key'],
      ['an unknown field', { key: 'resultsCount', value: '10', userId: 1 }, 'body.userId'],
      ['a resultsCount outside the options', { key: 'resultsCount', value: '7' }, 'body.value'],
      ['an SQL-looking key', { key: "resultsCount' OR 1=1 --", value: '10' }, 'body.key'],
      ['an unknown key', { key: 'note', value: 'x' }, 'body.key'],
      ['a value of more than 100 characters', { key: 'sessionTargetCount', value: '1'.repeat(101) }, 'body.value'],
      ['an SQL-looking value', { key: 'oneClickAutoPlay', value: "'; DROP TABLE settings; --" }, 'body.value'],
      ['a sessionTargetCount above 100', { key: 'sessionTargetCount', value: '101' }, 'body.value'],
      ['a negative sessionTargetCount', { key: 'sessionTargetCount', value: '-5' }, 'body.value'],
    ])('should answer ValidationError for %s and store nothing', async (_name, payload, path) => {
      const [settingsBefore, auditBefore] = [await stored(), await auditRows()];
      const response = await put(payload);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.kind).toBe('ValidationError');
      expect(error.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(await stored()).toEqual(settingsBefore);
      expect(await auditRows()).toEqual(auditBefore);
    });

    it('should answer InvalidRequest for broken JSON and PayloadTooLarge for an oversized body', async () => {
      const settingsBefore = await stored();
      const broken = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"key":"resultsCount","value":"10"',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.kind).toBe('InvalidRequest');
      const oversized = await put({ key: 'resultsCount', value: 'x'.repeat(1_100_000) });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().error.kind).toBe('PayloadTooLarge');
      expect(await stored()).toEqual(settingsBefore);
    });

    it('should answer Unauthorized without a session and store nothing', async () => {
      const settingsBefore = await stored();
      const response = await put({ key: 'resultsCount', value: '5' }, {});
      expect(response.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
      expect(await stored()).toEqual(settingsBefore);
    });

    it('should reject query parameters on GET', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/settings?key=resultsCount', headers: { cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.kind).toBe('ValidationError');
    });
  });
});
