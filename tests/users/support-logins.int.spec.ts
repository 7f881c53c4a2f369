import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../schemas/events/index.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { postUsageLog } from '../http/support/usage-kit.ts';

// Issue 17 item 5, support logins: the admin-password login (POST /api/login with adminUsername:
// an administrator's own name and password, into a unit they administer) and the typed request
// login-as-user {userId} -> {jwt}. Both give a session with the admin flag that logs no plays and
// leaves the unit's playback alone, and each is recorded in the audit log `logging`. Who may call
// login-as-user: the matrix at the end.

describe.each(routeDatabases)('support logins on %s', (database) => {
  let t: TestApp;
  let unit: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let relative: TestUser;
  let operator: TestUser;
  let removed: TestUser;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await buildTestApp({ database });
    unit = await t.createUser();
    admin = await t.createUser();
    otherAdmin = await t.createUser();
    relative = await t.createUser();
    operator = await t.createUser({ operator: true });
    removed = await t.createUser();
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($1, $3), ($4, $5)', [admin.id, unit.id, removed.id, otherAdmin.id, relative.id]);
    for (const user of [unit, admin, otherAdmin, relative, operator]) cookies.set(user.id, (await t.login(user)).cookie);
    await t.sql.query('UPDATE users SET active = false WHERE id = $1', [removed.id]);
  });
  afterAll(() => t?.close());

  const supportRows = async (userId: number) =>
    t.sql.query<{ user_id: number; action: string; new_data: { userId: number; adminUserId: number; via: string; admin: boolean }; query: string }>(
      `SELECT user_id, action, new_data, query FROM logging WHERE "table" = 'sessions' AND (new_data ->> 'userId')::int = $1 ORDER BY id`,
      [userId],
    );
  const lastSessionToken = async (userId: number) => (await t.sql.query<{ token: string | null }>('SELECT last_session_token AS token FROM users WHERE id = $1', [userId]))[0]!.token;
  const adminLogin = (username: string, adminUsername: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, adminUsername, password } });
  const cookieOf = (response: { cookies: { name: string; value: string }[] }) => `sointu_session=${response.cookies.find((c) => c.name === 'sointu_session')!.value}`;

  describe('POST /api/login with adminUsername (the admin-password login)', () => {
    it('should log an administrator in to their unit with the admin flag, record it, keep the unit\'s playback and log no plays', async () => {
      const tokenBefore = await lastSessionToken(unit.id);
      const answer = await adminLogin(unit.name, admin.name, admin.password);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ admin: true, user: { id: unit.id, admin: true } });
      const cookie = cookieOf(answer);
      const me = await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie } });
      expect(me.json()).toMatchObject({ id: unit.id, admin: true });
      // The unit's own login still owns playback; the support session plays too (admin skips the check).
      expect(await lastSessionToken(unit.id)).toBe(tokenBefore);
      const ping = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie } });
      expect(ping.json().tokenMatch).toBe(true);

      expect(await supportRows(unit.id)).toEqual([{ user_id: admin.id, action: 'INSERT', query: 'admin-password', new_data: expect.objectContaining({ userId: unit.id, adminUserId: admin.id, via: 'admin-password', admin: true }) }]);
      const logins = (await t.store.readStream(streams.usage(unit.id))).filter((e) => e.type === 'LoggedIn');
      expect(logins.at(-1)!.data).toMatchObject({ admin: true });

      // No play logging: the usage log is answered OK and nothing is stored, so no report counts it.
      const before = (await t.store.readStream(streams.usage(unit.id))).length;
      const played = await postUsageLog(t, { cookie }, { page: 'player', playLog: [{ time: new Date().toISOString(), audioFileId: 1, playPosition: 0 }, { time: new Date(Date.now() + 6000).toISOString(), audioFileId: 1, playPosition: 6 }] });
      expect(played.statusCode, played.body).toBe(200);
      expect((await t.store.readStream(streams.usage(unit.id))).length).toBe(before);
    });

    it('should refuse a wrong password, a unit the administrator does not administer and the unit\'s own password with the same \'Login failed\', recording nothing', async () => {
      const rowsBefore = (await supportRows(unit.id)).length;
      for (const [username, adminUsername, password] of [
        [unit.name, admin.name, 'wrong password'],
        [unit.name, otherAdmin.name, otherAdmin.password],
        [unit.name, admin.name, unit.password],
        [relative.name, admin.name, admin.password],
        [removed.name, admin.name, admin.password],
        ['no-such-unit', admin.name, admin.password],
      ] as const) {
        const refused = await adminLogin(username, adminUsername, password);
        expect(refused.statusCode, `${username} by ${adminUsername}`).toBe(401);
        expect(refused.json().error).toMatchObject({ kind: 'Unauthorized', message: 'Login failed' });
        expect(refused.cookies.find((c) => c.name === 'sointu_session')).toBeUndefined();
      }
      expect(await supportRows(unit.id)).toHaveLength(rowsBefore);
    });

    it('should refuse a bad adminUsername with a ValidationError naming the field', async () => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: unit.name, adminUsername: '', password: 'x' } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.adminUsername' })] });
    });
  });

  describe('login-as-user', () => {
    const loginAs = (as: Record<string, string>, props: unknown) => t.app.inject({ method: 'POST', url: '/api/requests/login-as-user', headers: as, payload: props as object });

    it('should answer a jwt of an admin-flag session in the administered user\'s account, leave the caller\'s cookie and record it', async () => {
      const tokenBefore = await lastSessionToken(unit.id);
      const answer = await loginAs({ cookie: cookies.get(admin.id)! }, { userId: unit.id });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.cookies).toEqual([]);
      const { jwt } = answer.json() as { jwt: string };
      const me = await t.app.inject({ method: 'GET', url: '/api/', headers: { authorization: `Bearer ${jwt}` } });
      expect(me.json()).toMatchObject({ id: unit.id, admin: true });
      const own = await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie: cookies.get(admin.id)! } });
      expect(own.json()).toMatchObject({ id: admin.id, admin: false });
      expect(await lastSessionToken(unit.id)).toBe(tokenBefore);
      expect((await supportRows(unit.id)).at(-1)).toEqual({ user_id: admin.id, action: 'INSERT', query: 'login-as-user', new_data: expect.objectContaining({ userId: unit.id, adminUserId: admin.id, via: 'login-as-user' }) });

      // A support session cannot open another one.
      const chained = await loginAs({ authorization: `Bearer ${jwt}` }, { userId: unit.id });
      expect(chained.statusCode).toBe(403);
    });

    it('should follow the permission matrix: only an administrator of the user, never a removed user', async () => {
      const rowsBefore = (await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logging WHERE "table" = 'sessions'`))[0]!.n;
      const cases: [string, Record<string, string>, number, number][] = [
        ['anonymous', {}, unit.id, 401],
        ['the unit itself', { cookie: cookies.get(unit.id)! }, unit.id, 403],
        ['another unit\'s administrator', { cookie: cookies.get(otherAdmin.id)! }, unit.id, 403],
        ['a relative', { cookie: cookies.get(relative.id)! }, unit.id, 403],
        ['an operator', { cookie: cookies.get(operator.id)! }, unit.id, 403],
        ['the administrator, of a removed user', { cookie: cookies.get(admin.id)! }, removed.id, 403],
        ['the administrator, of an unknown user', { cookie: cookies.get(admin.id)! }, 2_000_000_000, 403],
        ['the other administrator, of their own relative', { cookie: cookies.get(otherAdmin.id)! }, relative.id, 200],
      ];
      for (const [who, headers, userId, status] of cases) {
        const answer = await loginAs(headers, { userId });
        expect(answer.statusCode, who).toBe(status);
        if (status !== 200) expect(answer.json().error.kind, who).toBe(status === 401 ? 'Unauthorized' : 'AccessDenied');
      }
      expect((await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logging WHERE "table" = 'sessions'`))[0]!.n).toBe(rowsBefore + 1);
    });

    it('should refuse bad props with a ValidationError naming the field', async () => {
      for (const [props, field] of [[{}, 'body.userId'], [{ userId: 'x' }, 'body.userId'], [{ userId: 0 }, 'body.userId'], [{ userId: 1, extra: true }, 'body.extra']] as const) {
        const answer = await loginAs({ cookie: cookies.get(admin.id)! }, props);
        expect(answer.statusCode, JSON.stringify(props)).toBe(400);
        expect(answer.json().error.kind).toBe('ValidationError');
        expect(answer.json().error.details[0].path, JSON.stringify(props)).toBe(field);
      }
    });
  });
});
