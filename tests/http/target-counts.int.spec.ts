import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { targetCountsProjector } from '../../projections/postgres/target-counts.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { testClock, typedRequest } from './support/usage-kit.ts';

// Typed requests set-target-count and get-target-counts (spec 3 sections 5 and 7).

describe.each(routeDatabases)('target counts on %s', (database) => {
  // 31 October 22:30 UTC is already 1 November in Helsinki, still October in New York.
  const clock = testClock('2026-10-31T22:30:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let admin: TestUser;
  let unit: TestUser;
  let stranger: TestUser;
  let h: Record<'admin' | 'unit' | 'stranger', Record<string, string>>;

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [targetCountsProjector], pollIntervalMs: 50 });
    await runner.start();
    admin = await t.createUser({ config: { timeZone: 'America/New_York' } });
    unit = await t.createUser();
    stranger = await t.createUser();
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
    h = {
      admin: { cookie: (await t.login(admin)).cookie },
      unit: { cookie: (await t.login(unit)).cookie },
      stranger: { cookie: (await t.login(stranger)).cookie },
    };
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const set = (who: keyof typeof h, props: object) => typedRequest(t, h[who], 'set-target-count', props);
  const get = async (who: keyof typeof h, props: object) => {
    await runner.waitUntilCaughtUp(20_000);
    return typedRequest(t, h[who], 'get-target-counts', props);
  };

  it("should set targets for the month in the target user's time zone, by the user or an administrator", async () => {
    expect((await set('unit', { field: 'sessions', userId: unit.id, value: 20 })).json()).toEqual({
      userId: unit.id, field: 'sessions', categoryId: null, day: '2026-11-01', value: 20, changed: true,
    });
    expect((await set('admin', { field: 'categories', userId: unit.id, categoryId: 4, value: '35' })).json()).toMatchObject({ day: '2026-11-01', changed: true });
    expect((await set('admin', { field: 'sessions', userId: admin.id, value: 10 })).json()).toMatchObject({ day: '2026-10-01' });
    expect((await set('unit', { field: 'sessions', userId: unit.id, value: 20 })).json()).toMatchObject({ changed: false });

    const response = await get('admin', { userIds: [unit.id, admin.id], firstDay: '2026-10-01', lastDay: '2026-11-30' });
    expect(response.json()).toEqual({
      targetCounts: {
        [unit.id]: { sessions: { '2026-11-01': 20 }, categories: { '4': { '2026-11-01': 35 } } },
        [admin.id]: { sessions: { '2026-10-01': 10 }, categories: {} },
      },
    });
    const events = await t.store.readStream(`targets-${unit.id}`);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ setByUserId: unit.id, field: 'sessions', value: 20 }),
      expect.objectContaining({ setByUserId: admin.id, field: 'categories', categoryId: 4, value: 35 }),
    ]);
  });

  it('should keep a value set again after a change (a new fact, not a duplicate)', async () => {
    await set('unit', { field: 'sessions', userId: unit.id, value: 25 });
    await set('unit', { field: 'sessions', userId: unit.id, value: 20 });
    const response = await get('unit', { userIds: [unit.id], firstDay: '2026-11-01', lastDay: '2026-11-01' });
    expect(response.json().targetCounts[unit.id].sessions).toEqual({ '2026-11-01': 20 });
  });

  it("should refuse another user's targets", async () => {
    const denied = await set('stranger', { field: 'sessions', userId: unit.id, value: 50 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.kind).toBe('AccessDenied');
    expect((await set('unit', { field: 'sessions', userId: admin.id, value: 50 })).statusCode).toBe(403);
    expect((await get('stranger', { userIds: [stranger.id, unit.id], firstDay: '2026-11-01', lastDay: '2026-11-30' })).statusCode).toBe(403);
    expect((await t.store.readStream(`targets-${admin.id}`)).map((e) => (e.type === 'TargetCountSet' ? e.data.value : null))).toEqual([10]);
  });

  it('should refuse values off the scale and malformed props', async () => {
    const off = await set('unit', { field: 'sessions', userId: unit.id, value: 7 });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.details).toEqual([expect.objectContaining({ path: 'body.value' })]);
    expect((await set('unit', { field: 'minutes', userId: unit.id, value: 5 })).json().error.details).toEqual([expect.objectContaining({ path: 'body.field' })]);
    expect((await set('unit', { field: 'categories', userId: unit.id, value: 5 })).json().error.details).toEqual([expect.objectContaining({ path: 'categoryId' })]);
    expect((await set('unit', { field: 'sessions', userId: 3_000_000_000, value: 5 })).json().error.details).toEqual([expect.objectContaining({ path: 'body.userId' })]);
    const range = await get('unit', { userIds: [unit.id], firstDay: '2026-12-01', lastDay: '2026-11-01' });
    expect(range.json().error.details).toEqual([expect.objectContaining({ path: 'body.lastDay' })]);
  });
});
