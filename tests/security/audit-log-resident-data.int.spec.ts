import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenAuditValue } from '../../schemas/api/back-office/read-entities.ts';
import { buildTestApp, routeDatabases, type TestApp } from '../support/build-test-app.ts';

// Issue 37 item 7: the back office's audit log (`logging`, operators only) must not show an
// operator the residents (names, identifications) and other rows of a unit's own data, which
// docs/security.md keeps from operators. The operator still sees that a row changed: who, when,
// which action on which table and row, which columns; the unit still reads its residents.

type Method = 'GET' | 'POST' | 'PUT';
type Headers = Record<string, string>;
type LogRow = { id: number; table: string; action: string; userId: number | null; oldData: unknown; newData: unknown; query: string | null };

describe.each(routeDatabases)('the audit log and the units\' own data on %s', (database) => {
  let t: TestApp;
  let unitId: number;
  const headers = {} as Record<'operator' | 'unit' | 'admin', Headers>;
  // Each run's own names, so a match can only be this test's resident.
  const tag = `${process.pid}x${Date.now().toString(36)}`;
  const secrets = { firstName: `Aino${tag}`, lastName: `Kivikoski${tag}`, identification: `Huone12-${tag}`, renamed: `Aini${tag}`, activity: `Laulu${tag}` };
  let resident: { id: number };
  let activity: { id: number };

  const call = (who: keyof typeof headers, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: headers[who], ...(payload ? { payload } : {}) });
  const ok = async (who: keyof typeof headers, method: Method, url: string, payload?: object) => {
    const response = await call(who, method, url, payload);
    expect(response.statusCode, `${method} ${url} as ${who}: ${response.body}`).toBe(200);
    return response;
  };
  const leaked = (body: string) => Object.values(secrets).filter((secret) => body.includes(secret));

  beforeAll(async () => {
    t = await buildTestApp({ database });
    const unit = await t.createUser({ config: { canCreateResidents: true, canCreateActivities: true } });
    const admin = await t.createUser({ config: { canCreateResidents: true } });
    const operator = await t.createUser({ operator: true });
    unitId = unit.id;
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
    headers.unit = { cookie: (await t.login(unit)).cookie };
    headers.admin = { cookie: (await t.login(admin)).cookie };
    headers.operator = { cookie: (await t.login(operator)).cookie };

    // The unit's resident, created, renamed and moved; its activity, created and trashed.
    resident = (await ok('unit', 'POST', '/api/residents', { firstName: secrets.firstName, lastName: secrets.lastName, identification: secrets.identification })).json();
    await ok('unit', 'PUT', `/api/residents/${resident.id}`, { ...resident, firstName: secrets.renamed, lastName: secrets.lastName, identification: `${secrets.identification}b`, userId: unit.id, userTagGroupId: null, active: true });
    activity = (await ok('unit', 'POST', '/api/activities', { name: secrets.activity })).json();
    await ok('unit', 'PUT', `/api/activities/${activity.id}`, { ...activity, active: false });
  });
  afterAll(() => t?.close());

  it('should show an operator no resident name or identification anywhere in the audit log', async () => {
    const bodies: string[] = [];
    for (const query of [{}, { tables: ['residents'] }, { tables: ['residents', 'activities'], rowIds: [resident.id, activity.id] }, { userIds: [unitId], sort: 'id-asc' }]) {
      bodies.push((await ok('operator', 'POST', '/api/get/logging', { ...query, limit: 1000 })).body);
    }
    const rows = (JSON.parse(bodies[1]!) as { items: LogRow[] }).items;
    for (const row of rows) bodies.push((await ok('operator', 'GET', `/api/logging/${row.id}`)).body);
    for (const body of bodies) expect(leaked(body), body.slice(0, 600)).toEqual([]);
  });

  it('should still show an operator who changed which resident row when, and which columns, with the values hidden', async () => {
    const list = (await ok('operator', 'POST', '/api/get/logging', { tables: ['residents'], rowIds: [resident.id], sort: 'id-asc' })).json() as { items: LogRow[] };
    expect(list.items.map((row) => [row.table, row.action, row.userId, row.query])).toEqual([
      ['residents', 'INSERT', unitId, 'POST /api/residents'],
      ['residents', 'UPDATE', unitId, `PUT /api/residents/${resident.id}`],
    ]);
    const [inserted, updated] = list.items;
    expect(inserted!.oldData).toBeNull();
    expect(inserted!.newData).toMatchObject({ id: resident.id, first_name: hiddenAuditValue, last_name: hiddenAuditValue, identification: hiddenAuditValue });
    // Only the columns the change set, each hidden on both sides.
    expect(updated!.oldData).toEqual({ id: resident.id, first_name: hiddenAuditValue, identification: hiddenAuditValue });
    expect(updated!.newData).toEqual({ id: resident.id, first_name: hiddenAuditValue, identification: hiddenAuditValue });
    const one = (await ok('operator', 'GET', `/api/logging/${updated!.id}`)).json() as LogRow;
    expect(one).toEqual(updated);
  });

  it('should not let an operator probe the hidden values with the search text', async () => {
    for (const secret of Object.values(secrets)) {
      const found = (await ok('operator', 'POST', '/api/get/logging', { query: secret })).json() as { totalCount: number };
      expect(found.totalCount, secret).toBe(0);
    }
    // What the search is for still works: the table and the request.
    const byRequest = (await ok('operator', 'POST', '/api/get/logging', { query: `PUT /api/residents/${resident.id}` })).json() as { totalCount: number };
    expect(byRequest.totalCount).toBe(1);
  });

  it('should keep the values of the operators\' own data (the content library) in the audit log', async () => {
    const artist = (await ok('operator', 'POST', '/api/artists', { name: `Olavi ${tag}` })).json() as { id: number };
    const list = (await ok('operator', 'POST', '/api/get/logging', { tables: ['artists'], rowIds: [artist.id] })).json() as { items: LogRow[] };
    expect(list.items[0]!.newData).toMatchObject({ id: artist.id, name: `Olavi ${tag}` });
    const found = (await ok('operator', 'POST', '/api/get/logging', { query: `Olavi ${tag}` })).json() as { totalCount: number };
    expect(found.totalCount).toBe(1);
  });

  it('should leave the residents to the unit and its administrator, who read no audit log', async () => {
    for (const who of ['unit', 'admin'] as const) {
      const residents = (await ok(who, 'POST', '/api/get/residents', { userIds: [unitId] })).body;
      expect(residents).toContain(secrets.renamed);
      expect(residents).toContain(secrets.lastName);
      expect((await call(who, 'POST', '/api/get/logging', {})).statusCode).toBe(403);
    }
  });
});
