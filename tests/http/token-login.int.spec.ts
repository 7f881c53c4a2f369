import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenLoginPaths } from '../../commands/auth/token-login.ts';
import { contractAlerts, LoginResult } from '../../schemas/api/auth.ts';
import { hashOneTimeSecret } from '../../infra/auth/one-time-codes.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// POST /api/tokenLogin and POST /api/token-login: the mailed login link (users.login_token until
// login_token_expires), one login per link. "Now" is fixed so expiry is exact.

const now = new Date('2026-03-10T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => void (t = await buildTestApp({ now: () => now })));
afterAll(() => t?.close());

let tokenCount = 0;
async function withLoginToken(user: TestUser, expires: string | null): Promise<string> {
  const token = `login-token-${process.pid}-${++tokenCount}`;
  // The row keeps the token's sha256 (migration 017); the link carries the token.
  await t.sql.query('UPDATE users SET login_token = $2, login_token_expires = $3 WHERE id = $1', [user.id, hashOneTimeSecret(token), expires]);
  return token;
}
const tokenRow = async (user: TestUser) =>
  (await t.sql.query<{ login_token: string | null; login_token_expires: Date | null; last_session_token: string | null }>(
    'SELECT login_token, login_token_expires, last_session_token FROM users WHERE id = $1', [user.id]))[0]!;
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

describe.each(tokenLoginPaths)('POST %s', (url) => {
  it('should log in once with a valid link, take playback over and record a token LoggedIn', async () => {
    const user = await t.createUser();
    const older = await t.login(user);
    const token = await withLoginToken(user, '2026-03-11T08:00:00.000Z');

    const response = await post(url, { token });
    expect(response.statusCode, response.body).toBe(200);
    const body = LoginResult.parse(response.json());
    expect(body.user).toMatchObject({ id: user.id, name: user.name, publicReport: false, admin: false });
    const row = await tokenRow(user);
    expect(row.last_session_token).toBe(body.user.lastSessionToken);
    expect(row.login_token).toBeNull();
    expect(row.login_token_expires).toBeNull();

    const cookie = response.cookies.find((c) => c.name === 'sointu_session')!;
    const me = await t.app.inject({ method: 'GET', url: '/api/', cookies: { sointu_session: cookie.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    // The password login before it no longer holds playback.
    const olderPing = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie: older.cookie } });
    expect(olderPing.json().tokenMatch).toBe(false);

    const logins = (await t.store.readStream(`usage-${user.id}`)).filter((e) => e.type === 'LoggedIn');
    expect(logins.map((e) => e.data)).toEqual([
      expect.objectContaining({ method: 'password' }),
      expect.objectContaining({ method: 'token', sessionToken: row.last_session_token, userId: user.id }),
    ]);

    const again = await post(url, { token });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: { kind: 'Unauthorized', message: 'Login failed' } });
  });

  it('should refuse an expired link, a link without expiry, an unknown token and an inactive user, storing nothing', async () => {
    const expiredUser = await t.createUser();
    const expired = await withLoginToken(expiredUser, '2026-03-10T08:00:00.000Z');
    const openEndedUser = await t.createUser();
    const openEnded = await withLoginToken(openEndedUser, null);
    const inactiveUser = await t.createUser({ active: false });
    const inactive = await withLoginToken(inactiveUser, '2026-03-11T00:00:00.000Z');
    for (const token of [expired, openEnded, inactive, 'no-such-token', "' OR 1=1 --"]) {
      const response = await post(url, { token });
      expect(response.statusCode, token).toBe(401);
      expect(response.json().error).toEqual({ kind: 'Unauthorized', message: 'Login failed' });
      expect(response.cookies).toHaveLength(0);
    }
    for (const user of [expiredUser, openEndedUser, inactiveUser]) expect(await t.store.readStream(`usage-${user.id}`)).toHaveLength(0);
    expect((await tokenRow(expiredUser)).login_token).toBe(hashOneTimeSecret(expired));
  });

  it('should refuse a contract that has not started with its alert and keep the link for later', async () => {
    const user = await t.createUser({ contractStartDate: '2026-04-01' });
    const token = await withLoginToken(user, '2026-03-11T08:00:00.000Z');
    const response = await post(url, { token });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ kind: 'AccessDenied', message: contractAlerts.notStarted });
    expect((await tokenRow(user)).login_token).toBe(hashOneTimeSecret(token));
  });

  it.each([
    ['an empty token', { token: '' }, ['body.token']],
    ['a number', { token: 7 }, ['body.token']],
    ['an unknown field', { token: 'x', password: 'y' }, ['body.password']],
  ])('should answer ValidationError for %s', async (_name, payload, paths) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.kind).toBe('ValidationError');
    expect(response.json().error.details.map((d: { path: string }) => d.path)).toEqual(paths);
  });
});
