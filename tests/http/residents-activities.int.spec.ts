import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Residents and activities (spec 3 sections 2-7): generic create / update / query calls on
// reference tables, every change audited in `logging`; a unit and its administrators only.

type Headers = Record<string, string>;

describe.each(routeDatabases)('residents and activities on %s', (database) => {
  let t: TestApp;
  let unit: TestUser;
  let headers: Headers;

  beforeAll(async () => {
    t = await buildTestApp({ database });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    unit = await t.createUser({ config: { canCreateResidents: true, canCreateActivities: true } });
    headers = { cookie: (await t.login(unit)).cookie };
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, h: Headers = headers) => t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, h: Headers = headers) => {
    const response = await call(method, url, payload, h);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const errorKind = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, h: Headers = headers) => {
    const response = await call(method, url, payload, h);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    return response.json().error.kind;
  };
  const newUser = async (config: Record<string, unknown> = {}) => {
    const user = await t.createUser({ config });
    return { user, headers: { cookie: (await t.login(user)).cookie } };
  };
  const auditOf = (table: string, id: number) =>
    t.sql.query<{ action: string; user_id: number; old_data: { active: boolean } | null; new_data: { id: number; active: boolean; user_id: number } }>(
      `SELECT action, user_id, old_data, new_data FROM logging WHERE "table" = $1 AND (new_data->>'id')::integer = $2 ORDER BY id`,
      [table, id],
    );

  describe('residents', () => {
    it('should create, update as a whole, toggle active and query residents, each change audited', async () => {
      const aino = await ok('POST', '/api/residents', { firstName: 'Aino', lastName: 'Virtanen', identification: 'A-101' });
      expect(aino).toEqual({ id: expect.any(Number), firstName: 'Aino', lastName: 'Virtanen', identification: 'A-101', userId: unit.id, userTagGroupId: null, active: true });
      const eino = await ok('POST', '/api/residents', { id: 0, firstName: 'Eino', lastName: 'Korhonen', userId: unit.id });
      const renamed = await ok('PUT', `/api/residents/${aino.id}`, { ...aino, firstName: 'Aini', identification: '' });
      expect(renamed).toEqual({ ...aino, firstName: 'Aini', identification: null });
      const trashed = await ok('PUT', `/api/residents/${eino.id}`, { ...eino, active: false });
      expect(trashed.active).toBe(false);
      // An unchanged put changes nothing and writes no audit row.
      await ok('PUT', `/api/residents/${eino.id}`, trashed);

      expect(await ok('POST', '/api/get/residents', { active: true })).toEqual({ items: [renamed], totalCount: 1 });
      expect(await ok('POST', '/api/get/residents', { active: false })).toEqual({ items: [trashed], totalCount: 1 });
      expect((await ok('POST', '/api/get/residents', { userIds: [unit.id] })).items.map((r: { id: number }) => r.id)).toEqual([aino.id, eino.id]);
      expect((await ok('POST', '/api/get/residents', { query: 'korh' })).items.map((r: { id: number }) => r.id)).toEqual([eino.id]);
      expect((await ok('POST', '/api/get/residents', { query: '%' })).totalCount).toBe(0);
      expect(await ok('POST', '/api/get/residents', { ids: [eino.id], offset: 0, limit: 1 })).toEqual({ items: [trashed], totalCount: 1 });
      expect(await ok('GET', `/api/residents/${aino.id}`)).toEqual(renamed);

      const audit = await auditOf('residents', eino.id);
      expect(audit.map((a) => [a.action, a.user_id])).toEqual([['INSERT', unit.id], ['UPDATE', unit.id]]);
      expect([audit[1]!.old_data?.active, audit[1]!.new_data.active]).toEqual([true, false]);
    });

    it('should let an administrator manage the residents of units they administer, and nobody else', async () => {
      const resident = await ok('POST', '/api/residents', { firstName: 'Helmi', lastName: 'Mäkinen' });
      const admin = await newUser({ canCreateResidents: true });
      await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.user.id, unit.id]);
      expect((await ok('POST', '/api/get/residents', { userIds: [unit.id] }, admin.headers)).items).toEqual([resident]);
      const created = await ok('POST', '/api/residents', { firstName: 'Toivo', lastName: 'Nieminen', userId: unit.id }, admin.headers);
      expect(created.userId).toBe(unit.id);
      await ok('PUT', `/api/residents/${resident.id}`, { ...resident, active: false }, admin.headers);
      expect((await auditOf('residents', created.id))[0]!.user_id).toBe(admin.user.id);

      const stranger = await newUser({ canCreateResidents: true });
      expect(await errorKind('POST', '/api/get/residents', { userIds: [unit.id] }, stranger.headers)).toBe('AccessDenied');
      expect(await errorKind('GET', `/api/residents/${resident.id}`, undefined, stranger.headers)).toBe('AccessDenied');
      expect(await errorKind('PUT', `/api/residents/${resident.id}`, { ...resident, active: true }, stranger.headers)).toBe('AccessDenied');
      expect(await errorKind('POST', '/api/residents', { firstName: 'X', userId: unit.id }, stranger.headers)).toBe('AccessDenied');
      // Moving a resident needs access to the unit it goes to as well.
      expect(await errorKind('PUT', `/api/residents/${resident.id}`, { userId: stranger.user.id })).toBe('AccessDenied');
      expect((await ok('GET', `/api/residents/${resident.id}`)).active).toBe(false);
    });

    it('should need canCreateResidents to create, and answer bad input and unknown ids with 4xx kinds', async () => {
      const plain = await newUser();
      expect(await errorKind('POST', '/api/residents', { firstName: 'A' }, plain.headers)).toBe('AccessDenied');
      expect(await errorKind('PUT', '/api/residents/99999999', { active: false })).toBe('NotFound');
      expect(await errorKind('GET', '/api/residents/abc')).toBe('ValidationError');
      expect(await errorKind('POST', '/api/get/residents', { active: 'yes' })).toBe('ValidationError');
      expect(await errorKind('POST', '/api/residents', { firstName: 5 })).toBe('ValidationError');
      expect((await call('POST', '/api/get/residents', {}, {})).statusCode).toBe(401);
    });
  });

  describe('activities', () => {
    it('should create, rename, toggle active and query activities, each change audited', async () => {
      const walk = await ok('POST', '/api/activities', { name: 'Outdoor walk' });
      expect(walk).toEqual({ id: expect.any(Number), name: 'Outdoor walk', userId: unit.id, active: true });
      const bingo = await ok('POST', '/api/activities', { name: 'Bingo', active: false });
      const renamed = await ok('PUT', `/api/activities/${walk.id}`, { ...walk, name: 'Walk' });
      const restored = await ok('PUT', `/api/activities/${bingo.id}`, { ...bingo, active: true });
      expect(restored.active).toBe(true);
      expect(await ok('POST', '/api/get/activities', {})).toEqual({ items: [restored, renamed], totalCount: 2 });
      await ok('PUT', `/api/activities/${walk.id}`, { active: false });
      expect((await ok('POST', '/api/get/activities', { active: true })).items).toEqual([restored]);
      expect((await ok('POST', '/api/get/activities', { query: 'WAL' })).items.map((a: { id: number }) => a.id)).toEqual([walk.id]);
      expect(await ok('GET', `/api/activities/${bingo.id}`)).toEqual(restored);
      expect((await auditOf('activities', walk.id)).map((a) => a.action)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    });

    it('should refuse empty names, other units and users without canCreateActivities', async () => {
      expect(await errorKind('POST', '/api/activities', { name: '  ' })).toBe('ValidationError');
      const activity = await ok('POST', '/api/activities', { name: 'Sing-along' });
      expect(await errorKind('PUT', `/api/activities/${activity.id}`, { name: '' })).toBe('ValidationError');
      const stranger = await newUser({ canCreateActivities: true });
      expect(await errorKind('PUT', `/api/activities/${activity.id}`, { active: false }, stranger.headers)).toBe('AccessDenied');
      expect(await errorKind('POST', '/api/get/activities', { userIds: [unit.id] }, stranger.headers)).toBe('AccessDenied');
      expect(await errorKind('GET', `/api/activities/${activity.id}`, undefined, stranger.headers)).toBe('AccessDenied');
      const plain = await newUser();
      expect(await errorKind('POST', '/api/activities', { name: 'Bingo' }, plain.headers)).toBe('AccessDenied');
      expect((await ok('POST', '/api/get/activities', {}, plain.headers)).items).toEqual([]);
      expect((await ok('GET', `/api/activities/${activity.id}`)).active).toBe(true);
    });
  });
});
