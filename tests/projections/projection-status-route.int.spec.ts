import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { lastActivityProjector } from '../../projections/postgres/last-activity.ts';
import { getProjectionStatusRoute } from '../../server/operations/get-projection-status.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { loggedIn } from './support/test-events.ts';

let testApp: TestApp;
let runner: ProjectionRunner;
let admin: TestUser;
let caregiver: TestUser;

beforeAll(async () => {
  testApp = await buildTestApp({ database: 'pglite' });
  // Until server/http/routes.ts lists the route, the test registers it itself.
  if (!testApp.app.hasRoute({ method: 'GET', url: '/api/admin/projections' })) getProjectionStatusRoute(testApp.app);
  runner = createProjectionRunner({ log: testApp.store, sql: testApp.sql, projectors: [lastActivityProjector], pollIntervalMs: 50 });
  testApp.app.deps.projections = runner;
  admin = await testApp.createUser({ operator: true });
  caregiver = await testApp.createUser();
  await testApp.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, caregiver.id]);
});
afterAll(async () => {
  await runner.stop();
  await testApp.close();
});

describe('GET /api/admin/projections', () => {
  it('should return 401 without a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.kind).toBe('Unauthorized');
  });

  it('should return 403 to a user who administers nobody', async () => {
    const { cookie } = await testApp.login(caregiver);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.kind).toBe('AccessDenied');
  });

  it('should reject unknown query parameters', async () => {
    const { cookie } = await testApp.login(admin);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections?drop=1', headers: { cookie } });
    expect(response.statusCode).toBe(400);
  });

  it('should show position, lag and state of every projection', async () => {
    const { cookie } = await testApp.login(admin);
    await testApp.store.append(`usage-${caregiver.id}`, [loggedIn(caregiver.id, 1, `route-${Date.now()}`)]);

    const behind = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { cookie } });
    expect(behind.statusCode).toBe(200);
    const [stopped] = behind.json();
    expect(stopped).toMatchObject({ name: 'last-activity', version: 1, kind: 'postgres', state: 'stopped', position: { tx: 0, seq: 0 }, lastError: null });
    // The logins of this test (through POST /api/login, if it appends) and the one above are all unprocessed.
    expect(stopped.lagEvents).toBeGreaterThanOrEqual(1);
    expect(stopped.lagSeconds).toBeGreaterThanOrEqual(0);

    await runner.start();
    await runner.waitUntilCaughtUp();
    const caughtUp = await testApp.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { cookie } });
    const [live] = caughtUp.json();
    const [last] = (await testApp.store.readAll({ tx: 0, seq: 0 }, 10_000)).slice(-1);
    expect(live).toMatchObject({ name: 'last-activity', current: true, state: 'live', lagEvents: 0, lagSeconds: 0, position: last!.position, eventsProcessed: stopped.lagEvents });
    expect(Date.parse(live.updatedAt)).not.toBeNaN();
  });
});
