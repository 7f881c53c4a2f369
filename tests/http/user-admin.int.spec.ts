import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { typedRequest } from './support/usage-kit.ts';

// The user administration table, set-password and remove-user (spec 3 sections 2, 6 and 7;
// issue 17 deliver 1, 3 and 7), on PGlite and on a Postgres server.

// One warehouse for both databases: the removed user's report is read through it.
let warehouse: Warehouse;
beforeAll(async () => {
  warehouse = await connectTestWarehouse(fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-user-admin-')));
});
afterAll(async () => {
  await warehouse?.close();
});

describe.each(routeDatabases)('user administration on %s', (database) => {
  let t: TestApp;
  let admin: TestUser;
  let unit: TestUser;
  let invited: TestUser;
  let stranger: TestUser;
  let inviter: TestUser;
  let h: Record<'admin' | 'unit' | 'invited' | 'stranger' | 'inviter', Record<string, string>>;

  const cookie = async (user: TestUser) => ({ cookie: (await t.login(user)).cookie });
  const canLogIn = async (user: TestUser, password = user.password) =>
    (await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.name, password } })).statusCode === 200;
  const alive = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/', headers })).statusCode === 200;
  const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user-admin/users', headers });
  const passwordHash = async (user: TestUser) => (await t.sql.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]))[0]!.password_hash;

  beforeAll(async () => {
    t = await buildTestApp({ database, warehouse });
    admin = await t.createUser({ config: { canInviteUsers: true, passwordChange: true } });
    unit = await t.createUser();
    invited = await t.createUser({ email: 'pekka@example.com', config: { betweenFamilies: true } });
    stranger = await t.createUser({ config: { passwordChange: true } });
    inviter = await t.createUser({ config: { canInviteUsers: true } });
    await t.sql.query("UPDATE users SET client_name = 'Kotikallio', organization = 'Kotikallio care home' WHERE id = $1", [unit.id]);
    const [resident] = await t.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [unit.id]);
    await t.sql.query(
      "UPDATE users SET first_name = 'Pekka', last_name = 'Virtanen', resident_id = $2, inserted_by_user_id = $3, login_token = $4, login_token_expires = $5 WHERE id = $1",
      [invited.id, resident!.id, admin.id, `token-${invited.id}`, new Date(Date.now() + 86_400_000).toISOString()],
    );
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($1, $3), ($1, $1)', [admin.id, unit.id, invited.id]);
    h = { admin: await cookie(admin), unit: await cookie(unit), invited: await cookie(invited), stranger: await cookie(stranger), inviter: await cookie(inviter) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('should list the users an administrator manages, without themselves, with the row fields', async () => {
    const response = await list(h.admin);
    expect(response.statusCode).toBe(200);
    const users = response.json().users as Array<Record<string, unknown>>;
    expect(users.map((u) => u.id).sort()).toEqual([unit.id, invited.id].sort());
    expect(users.find((u) => u.id === invited.id)).toMatchObject({
      firstName: 'Pekka',
      lastName: 'Virtanen',
      displayName: 'Pekka Virtanen',
      unit: 'Kotikallio',
      email: 'pekka@example.com',
      residentName: 'Aino Virtanen',
      pendingLoginLink: true,
      insertedByUserId: admin.id,
      betweenFamilies: true,
    });
    expect(users.find((u) => u.id === unit.id)).toMatchObject({ displayName: 'Kotikallio', unit: 'Kotikallio', pendingLoginLink: false, loginTokenExpires: null, betweenFamilies: false });
  });

  it('should answer a userAdmin by canInviteUsers alone with an empty table, and refuse everyone else', async () => {
    expect((await list(h.inviter)).json()).toEqual({ users: [] });
    expect((await list(h.unit)).statusCode).toBe(403);
    expect((await list(h.stranger)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-admin/users' })).statusCode).toBe(401);
  });

  it("should let an administrator set a user's password, ending that user's sessions", async () => {
    const other = await cookie(unit);
    const response = await t.app.inject({ method: 'POST', url: '/api/set-password', headers: h.admin, payload: { userId: unit.id, password: 'uusi-salasana1' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userId: unit.id });
    expect(response.json().endedSessions).toBeGreaterThanOrEqual(2);
    expect(await canLogIn(unit)).toBe(false);
    expect(await canLogIn(unit, 'uusi-salasana1')).toBe(true);
    expect(await alive(other)).toBe(false);
    expect(await alive(h.unit)).toBe(false);
    expect(await alive(h.admin)).toBe(true);
    unit.password = 'uusi-salasana1';
    h.unit = await cookie(unit);
    // The audit row says what changed, never the hash.
    const [audit] = await t.sql.query<{ new_data: unknown; user_id: number }>("SELECT new_data, user_id FROM logging WHERE query = 'set-password' ORDER BY id DESC LIMIT 1");
    expect(audit).toMatchObject({ user_id: admin.id, new_data: { id: unit.id, password: 'changed' } });
  });

  it('should let a user with passwordChange set their own through the typed request, keeping this session and ending the others', async () => {
    const other = await cookie(admin);
    const response = await typedRequest(t, h.admin, 'set-password', { userId: admin.id, password: 'oma-salasana' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: admin.id, endedSessions: 1 });
    expect(await alive(h.admin)).toBe(true);
    expect(await alive(other)).toBe(false);
    admin.password = 'oma-salasana';
    expect(await canLogIn(admin)).toBe(true);
  });

  it('should refuse a password change by anyone else, and for oneself without passwordChange', async () => {
    const before = await passwordHash(unit);
    for (const [who, target] of [['unit', unit], ['stranger', unit], ['inviter', invited], ['unit', admin]] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/set-password', headers: h[who], payload: { userId: target.id, password: 'hijacked' } });
      expect(response.statusCode, `${who} -> ${target.name}`).toBe(403);
    }
    expect(await passwordHash(unit)).toBe(before);
    expect(await alive(h.unit)).toBe(true);
  });

  it('should refuse a password under 8 characters, naming the field, and change nothing', async () => {
    const before = await passwordHash(unit);
    const direct = await t.app.inject({ method: 'POST', url: '/api/set-password', headers: h.admin, payload: { userId: unit.id, password: 'abcdefg' } });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().error.kind).toBe('ValidationError');
    expect(JSON.stringify(direct.json().error.details)).toContain('password');
    const typed = await typedRequest(t, h.admin, 'set-password', { userId: unit.id, password: 'abcdefg' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.details).toEqual([expect.objectContaining({ path: 'body.password' })]);
    const nul = await typedRequest(t, h.admin, 'set-password', { userId: unit.id, password: 'abcdefgh\u0000' });
    expect(nul.statusCode).toBe(400);
    const badId = await typedRequest(t, h.admin, 'set-password', { userId: 'x', password: 'abcdefgh' });
    expect(badId.json().error.details).toEqual([expect.objectContaining({ path: 'body.userId' })]);
    expect(await passwordHash(unit)).toBe(before);
    expect(await alive(h.unit)).toBe(true);
  });

  it('should refuse removing a user one does not administer or did not insert, and oneself, changing nothing', async () => {
    const refused = [
      await typedRequest(t, h.stranger, 'remove-user', { userId: invited.id }),
      await typedRequest(t, h.inviter, 'remove-user', { userId: invited.id }),
      // The administrator administers the unit but did not insert it.
      await typedRequest(t, h.admin, 'remove-user', { userId: unit.id }),
      await typedRequest(t, h.admin, 'remove-user', { userId: admin.id }),
      await typedRequest(t, h.unit, 'remove-user', { userId: 999_999 }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const bad = await typedRequest(t, h.admin, 'remove-user', { userId: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: 'body.userId' })]);
    expect(await alive(h.invited)).toBe(true);
    expect((await list(h.admin)).json().users).toHaveLength(2);
  });

  it('should remove a user the administrator inserted: no login, out of every adminOfUsers, the row and history kept', async () => {
    const response = await typedRequest(t, h.admin, 'remove-user', { userId: invited.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: invited.id, removed: true });
    expect(await alive(h.invited)).toBe(false);
    expect(await canLogIn(invited)).toBe(false);
    expect((await list(h.admin)).json().users.map((u: { id: number }) => u.id)).toEqual([unit.id]);
    const me = (await t.app.inject({ method: 'GET', url: '/api/', headers: h.admin })).json();
    expect(me.adminOfUsers.map((u: { id: number }) => u.id)).not.toContain(invited.id);
    const [row] = await t.sql.query<{ active: boolean; removed_by_user_id: number; login_token: string | null }>('SELECT active, removed_by_user_id, login_token FROM users WHERE id = $1', [invited.id]);
    expect(row).toEqual({ active: false, removed_by_user_id: admin.id, login_token: null });
    expect(await t.sql.query('SELECT 1 FROM former_user_admins WHERE admin_user_id = $1 AND user_id = $2', [admin.id, invited.id])).toHaveLength(1);
    // A retry is answered, not refused, and changes nothing more.
    expect((await typedRequest(t, h.admin, 'remove-user', { userId: invited.id })).json()).toEqual({ userId: invited.id, removed: false });
    // Their history stays: the former administrator still reads their reports, listed as removed.
    expect((await t.app.inject({ method: 'GET', url: '/api/user-admin/removed-users', headers: h.admin })).json()).toEqual({
      users: [{ id: invited.id, name: invited.name, removedAt: expect.any(String) }],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user-admin/removed-users', headers: h.stranger })).json()).toEqual({ users: [] });
    const month = { userIds: [invited.id], firstDay: '2026-01-01', lastDay: '2026-01-31' };
    expect((await typedRequest(t, h.admin, 'get-target-counts', month)).statusCode).toBe(200);
    expect((await typedRequest(t, h.stranger, 'get-target-counts', month)).statusCode).toBe(403);
    const usage = await t.app.inject({ method: 'GET', url: `/api/usage/${invited.id}/2026-01-01/2026-01-31`, headers: h.admin });
    expect(usage.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/usage/${invited.id}/2026-01-01/2026-01-31`, headers: h.stranger })).statusCode).toBe(403);
    // Nobody else may set a password for them any more; the former administrator finds no active user.
    expect((await t.app.inject({ method: 'POST', url: '/api/set-password', headers: h.admin, payload: { userId: invited.id, password: 'again-and-again' } })).statusCode).toBe(403);
  });
});
