import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAdminOf } from '../../server/http/auth.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

// requireAdminOf: the server-side check every per-user query uses (DOMAIN.md section 4).
describe('requireAdminOf', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.get('/api/test-admin-of/:userId', { schema: { params: z.strictObject({ userId: z.coerce.number().int() }) } }, async (request) => {
      const session = await requireAdminOf(request, request.params.userId);
      return { actor: session.userId };
    });
  });
  afterAll(() => t.close());

  const ask = (cookie: string | undefined, userId: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/test-admin-of/${userId}`, headers: cookie ? { cookie } : {} });

  it('should let users see themselves and administrators their users, and nobody else', async () => {
    const admin = await t.createUser();
    const unit = await t.createUser();
    const stranger = await t.createUser();
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
    const adminCookie = (await t.login(admin)).cookie;
    const unitCookie = (await t.login(unit)).cookie;

    expect((await ask(unitCookie, unit.id)).json()).toEqual({ actor: unit.id });
    expect((await ask(adminCookie, unit.id)).json()).toEqual({ actor: admin.id });
    const denied = await ask(adminCookie, stranger.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: { kind: 'AccessDenied', message: 'Access denied' } });
    expect((await ask(unitCookie, admin.id)).statusCode).toBe(403);
    expect((await ask(undefined, unit.id)).statusCode).toBe(401);
  });

  it('should answer ValidationError for a path parameter that is not a number', async () => {
    const user = await t.createUser();
    const response = await ask((await t.login(user)).cookie, "1 OR 1=1");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'params.userId' }] });
  });
});
