import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSessionsOfUser, hashSessionToken } from '../../infra/auth/sessions.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { SESSION_ENDED_CLOSE_CODE } from '../../schemas/api/live-close-codes.ts';
import { decodeSession } from '../../infra/auth/session.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { loginLogProjector, loginLogTable } from '../../projections/warehouse/login-log.ts';
import { LoginResult } from '../../schemas/api/auth.ts';
import { bothDatabases, buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';

// Server-side sessions (issue 12, 4; DOMAIN.md section 4): a session lives in the `sessions` table,
// the cookie and the JWT only name it, so logout and deactivation end it everywhere, including
// for whoever copied the cookie. On PGlite and on a Postgres server database.

const sessionCookie = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'sointu_session');
  if (!cookie) throw new Error('no session cookie');
  return `sointu_session=${cookie.value}`;
};

/** The session token a signed cookie carries (what an attacker who stole it holds). */
const tokenOf = (cookie: string) => decodeSession(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!)!.sessionToken;

describe.each(bothDatabases)('server-side sessions on %s', (database) => {
  let t: TestApp;
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  beforeAll(async () => {
    t = await buildTestApp({ database, now: () => new Date(clock) });
    await t.app.ready();
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/', headers });
  const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/logout', headers });
  const passwordLogin = async (user: { name: string; password: string }) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.name, password: user.password, jwt: true } });
    expect(response.statusCode, response.body).toBe(200);
    return { cookie: sessionCookie(response), jwt: LoginResult.parse(response.json()).jwt! };
  };

  it('should refuse the same cookie and the JWT of the login once it logged out', async () => {
    const user = await t.createUser();
    const { cookie, jwt } = await passwordLogin(user);
    expect((await me({ cookie })).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${jwt}` })).statusCode).toBe(200);

    expect((await logout({ cookie })).statusCode).toBe(200);
    // Replayed as it was before logout: the signature is still valid, the session is not.
    const replayed = await me({ cookie });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.kind).toBe('Unauthorized');
    expect((await me({ authorization: `Bearer ${jwt}` })).statusCode).toBe(401);
    const [row] = await t.sql.query<{ end_reason: string; ended_at: unknown }>('SELECT end_reason, ended_at FROM sessions WHERE token_hash = $1', [hashSessionToken(tokenOf(cookie))]);
    expect(row).toMatchObject({ end_reason: 'logout', ended_at: expect.anything() });
  });

  it('should end the cookie too when the JWT logs out', async () => {
    const user = await t.createUser();
    const { cookie, jwt } = await passwordLogin(user);
    expect((await logout({ authorization: `Bearer ${jwt}` })).statusCode).toBe(200);
    expect((await me({ cookie })).statusCode).toBe(401);
  });

  it("should end a stolen copy of the cookie when the victim logs out, and not the victim's other logins", async () => {
    const victim = await t.createUser({ config: { allowMultiLogin: true } });
    const { cookie } = await t.login(victim);
    const stolen = cookie; // the attacker's copy: the very same bytes
    const otherDevice = await t.login(victim);
    expect((await me({ cookie: stolen })).statusCode).toBe(200);

    await logout({ cookie });
    expect((await me({ cookie: stolen })).statusCode).toBe(401);
    // Logout ends one session (this browser's), not the account's other logins.
    expect((await me({ cookie: otherDevice.cookie })).statusCode).toBe(200);
  });

  it('should close the live channel of a session that logs out and refuse its upgrade afterwards', async () => {
    const user = await t.createUser({ config: { allowMultiLogin: true } });
    const { cookie } = await t.login(user);
    const other = await t.login(user);
    const socket = await t.app.injectWS('/ws', { headers: { cookie } });
    const otherSocket = await t.app.injectWS('/ws', { headers: { cookie: other.cookie } });
    try {
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      await logout({ cookie });
      expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
      // The account's other login keeps its channel.
      expect(otherSocket.readyState).toBe(otherSocket.OPEN);
      await expect(t.app.injectWS('/ws', { headers: { cookie } })).rejects.toThrow(/401/);
    } finally {
      socket.terminate();
      otherSocket.terminate();
    }
  });

  it('should close an open live channel at its next ping once the session ended elsewhere', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const socket = await t.app.injectWS('/ws', { headers: { cookie } });
    try {
      const pong = new Promise((resolve) => socket.once('message', resolve));
      socket.send(JSON.stringify({ type: 'Ping', time: 1 }));
      await pong;
      await endSessionsOfUser(t.sql, user.id, 'user-deactivated');
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      socket.send(JSON.stringify({ type: 'Ping', time: 2 }));
      expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      socket.terminate();
    }
  });

  it('should make the public-report token login a session that logout ends', async () => {
    const user = await t.createUser();
    const token = `rtoken-${user.id}-${database}`;
    await t.sql.query('UPDATE users SET public_report_token_code = $2 WHERE id = $1', [user.id, token]);
    const response = await t.app.inject({ method: 'POST', url: '/api/publicReportTokenLogin', payload: { token } });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = sessionCookie(response);
    const [row] = await t.sql.query<{ kind: string; user_id: number }>('SELECT kind, user_id FROM sessions WHERE token_hash = $1 AND ended_at IS NULL', [hashSessionToken(tokenOf(cookie))]);
    expect(row).toEqual({ kind: 'public-report', user_id: user.id });
    const report = `/api/public-usage/${user.id}/2026-01-01/2026-01-02`;
    expect((await t.app.inject({ method: 'GET', url: report, headers: { cookie } })).statusCode).not.toBe(401);

    await logout({ cookie });
    expect((await t.app.inject({ method: 'GET', url: report, headers: { cookie } })).statusCode).toBe(401);
  });

  it('should keep an older login alive but without playback after a newer login (single playback login)', async () => {
    const user = await t.createUser();
    const older = await t.login(user);
    const newer = await t.login(user);
    // Spec 1 section 4: the older browser learns from its ping that it lost playback, and logs out.
    const ping = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie: older.cookie } });
    expect(ping.statusCode).toBe(200);
    expect(ping.json().tokenMatch).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie: newer.cookie } })).json().tokenMatch).toBe(true);
    // That logout ends the older session only; the newer one plays on.
    await logout({ cookie: older.cookie });
    expect((await me({ cookie: older.cookie })).statusCode).toBe(401);
    expect((await me({ cookie: newer.cookie })).statusCode).toBe(200);
  });

  it("should end a deactivated user's sessions at once, and endSessionsOfUser should end them all", async () => {
    const user = await t.createUser({ config: { allowMultiLogin: true } });
    const first = await t.login(user);
    const second = await t.login(user);
    await t.sql.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    expect((await me({ cookie: first.cookie })).statusCode).toBe(401);

    await t.sql.query('UPDATE users SET active = true WHERE id = $1', [user.id]);
    expect((await me({ cookie: second.cookie })).statusCode).toBe(200);
    expect(await endSessionsOfUser(t.sql, user.id, 'user-deactivated')).toBe(2);
    // Reactivation does not bring ended sessions back.
    expect((await me({ cookie: first.cookie })).statusCode).toBe(401);
    expect((await me({ cookie: second.cookie })).statusCode).toBe(401);
    expect(await endSessionsOfUser(t.sql, user.id, 'user-deactivated')).toBe(0);
    const reasons = await t.sql.query<{ end_reason: string }>('SELECT end_reason FROM sessions WHERE user_id = $1', [user.id]);
    expect(reasons).toEqual([{ end_reason: 'user-deactivated' }, { end_reason: 'user-deactivated' }]);
  });

  it('should note when a session was last seen at most every five minutes, and end it after a year', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const lastSeen = async () =>
      new Date((await t.sql.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE user_id = $1', [user.id]))[0]!.last_seen_at).getTime();
    const loggedInAt = clock;
    clock += 4 * 60_000;
    expect((await me({ cookie })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(loggedInAt);
    clock += 60_000;
    expect((await me({ cookie })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(clock);

    clock = loggedInAt + 31_536_000_000; // spec 1 section 9: one year
    try {
      expect((await me({ cookie })).statusCode).toBe(401);
    } finally {
      clock = loggedInAt + 5 * 60_000;
    }
  });

  it('should keep no session token in clear in the sessions table', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const token = tokenOf(cookie);
    const rows = await t.sql.query<Record<string, unknown>>('SELECT * FROM sessions WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: hashSessionToken(token), kind: 'password' });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('should refuse a signed cookie whose session the table does not know (issued before the table existed)', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    await t.sql.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    expect((await me({ cookie })).statusCode).toBe(401);
  });
});

describe('the login_log warehouse table', () => {
  const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-login-log-hash-'));
  let t: TestApp;
  let warehouse: Warehouse;
  beforeAll(async () => {
    warehouse = await connectTestWarehouse(chdbDir);
    t = await buildTestApp({ warehouse });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await warehouse?.close();
    fs.rmSync(chdbDir, { recursive: true, force: true });
  });

  it('should hold the hash of each login session token, never the token', async () => {
    const user = await t.createUser();
    const tokens = [tokenOf((await t.login(user)).cookie), tokenOf((await t.login(user)).cookie)];
    await projectAll({ log: t.store, sql: t.sql, warehouse, projectors: [loginLogProjector] });

    const rows = await warehouse.query<Record<string, unknown>>(`SELECT * FROM ${loginLogTable} FINAL WHERE user_id = {user:UInt64}`, { user: user.id });
    expect(rows.map((r) => r.session_token_hash).sort()).toEqual(tokens.map(hashSessionToken).sort());
    for (const token of tokens) expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('should replace the clear tokens of a warehouse made before, once, at setup', async () => {
    const old = `login_log_before_${process.pid}`;
    // The table as version 1 of the projector made it, with a clear token in it.
    await warehouse.exec(`CREATE TABLE ${old} (event_id UUID, user_id UInt64, client_time DateTime64(3, 'UTC'), received_at DateTime64(3, 'UTC'),
      session_token String, admin Bool, method LowCardinality(String)) ENGINE = ReplacingMergeTree ORDER BY (user_id, event_id)`);
    await warehouse.insert(old, [
      { event_id: '00000000-0000-4000-8000-000000000001', user_id: 1, client_time: '2026-01-01 10:00:00.000', received_at: '2026-01-01 10:00:00.000', session_token: 'clear-token-1', admin: false, method: 'password' },
    ]);
    // setup works on the projector's own table: swap the old one in under its name.
    await warehouse.exec(`RENAME TABLE ${loginLogTable} TO ${old}_current, ${old} TO ${loginLogTable}`);
    try {
      await loginLogProjector.setup(warehouse, { sql: t.sql, starting: true });
      const renamedOnly = await warehouse.query<{ h: string }>(`SELECT session_token_hash AS h FROM ${loginLogTable} WHERE user_id = 1`);
      expect(renamedOnly).toEqual([{ h: 'clear-token-1' }]); // at server start only the cheap rename
      await loginLogProjector.setup(warehouse, { sql: t.sql });
      await loginLogProjector.setup(warehouse, { sql: t.sql }); // idempotent: a hash is not hashed again
      const rows = await warehouse.query<{ h: string }>(`SELECT session_token_hash AS h FROM ${loginLogTable} FINAL WHERE user_id = 1`);
      expect(rows).toEqual([{ h: hashSessionToken('clear-token-1') }]);
    } finally {
      await warehouse.exec(`DROP TABLE ${loginLogTable}`);
      await warehouse.exec(`RENAME TABLE ${old}_current TO ${loginLogTable}`);
    }
  }, 60_000);
});
