import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFiles, testClock } from './support/usage-kit.ts';

// GET /api/todays-messages (spec 2 section 2): the caller's active recommendation messages, sent to
// them or their group, with their items; nobody else's, nothing expired, not yet active, switched
// off or not a recommendation.

describe('todays messages on pglite', () => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let files: number[];
  let writer: TestUser;
  let unit: TestUser;
  let groupMember: TestUser;
  let other: TestUser;
  let groupId: number;
  const cookies = new Map<TestUser, Record<string, string>>();

  beforeAll(async () => {
    t = await buildTestApp({ database: 'pglite', now: clock.now });
    files = await insertAudioFiles(t, 2);
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    [{ id: groupId }] = (await t.sql.query<{ id: number }>("INSERT INTO user_groups (name) VALUES ('Ward A') RETURNING id")) as [{ id: number }];
    writer = await t.createUser({ config: { canCreateRecommendations: true } });
    unit = await t.createUser();
    groupMember = await t.createUser();
    await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, groupMember.id]);
    other = await t.createUser();
    for (const receiver of [unit, other]) await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [writer.id, receiver.id]);
    await t.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2)', [writer.id, groupId]);
    for (const user of [writer, unit, groupMember, other]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const ok = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: cookies.get(user), payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const send = async (message: object, items: object[] = []) => {
    const created = await ok(writer, 'POST', '/api/messages', { recommendation: true, ...message });
    for (const item of items) await ok(writer, 'POST', '/api/message-items', { messageId: created.id, ...item });
    await ok(writer, 'PUT', `/api/messages/${created.id}`, { sent: true });
    return created.id as number;
  };
  const todays = async (user: TestUser) => {
    await runner.waitUntilCaughtUp(20_000);
    return ok(user, 'GET', '/api/todays-messages');
  };

  it('should show a user the active recommendations sent to them or their group, with items, and nothing else', async () => {
    const forUnit = { recipients: [{ id: unit.id }] };
    const morning = await send({ title: 'Morning songs', ...forUnit, time: '2026-11-20T06:00:00Z', expireTime: '2026-11-20T20:00:00Z' }, [
      { type: 'AudioFile', audioFileId: files[0], contentType: 'SingAlong' },
      { type: 'InlineHTML', html: '<p>Sing along!</p>' },
      { type: 'AudioFile', audioFileId: files[1] },
    ]);
    const standing = await send({ title: 'Every day', ...forUnit, time: '2026-11-01T06:00:00Z' });
    const forGroup = await send({ title: 'For the ward', recipientGroups: [{ id: groupId }] });
    await send({ title: 'Yesterday', ...forUnit, time: '2026-11-19T06:00:00Z', expireTime: '2026-11-19T20:00:00Z' });
    await send({ title: 'Tomorrow', ...forUnit, time: '2026-11-21T06:00:00Z' });
    await send({ title: 'Not a recommendation', ...forUnit, recommendation: false });
    await send({ title: 'For the other unit', recipients: [{ id: other.id }] });
    const switchedOff = await send({ title: 'Switched off', ...forUnit });
    await ok(writer, 'PUT', `/api/messages/${switchedOff}/activity`, { active: false });
    const draft = await ok(writer, 'POST', '/api/messages', { title: 'Draft', recommendation: true, ...forUnit });

    const unitDay = await todays(unit);
    expect(unitDay.messages.map((m: { title: string }) => m.title)).toEqual(['Every day', 'Morning songs']);
    expect(unitDay.messages.map((m: { id: number }) => m.id)).toEqual([standing, morning]);
    expect(unitDay.messages[1]).toMatchObject({ recommendation: true, messageActive: true, own: false, userId: writer.id });
    expect(unitDay.items.map((i: { messageId: number; type: string; order: number }) => [i.messageId, i.type, i.order])).toEqual([
      [morning, 'AudioFile', 0],
      [morning, 'InlineHTML', 1],
      [morning, 'AudioFile', 2],
    ]);
    expect(unitDay.items[0]).toMatchObject({ audioFileId: files[0], audioFileName: expect.any(String) });
    expect(unitDay.messages.map((m: { id: number }) => m.id)).not.toContain(draft.id);

    expect((await todays(groupMember)).messages.map((m: { id: number }) => m.id)).toEqual([forGroup]);
    expect((await todays(other)).messages.map((m: { title: string }) => m.title)).toEqual(['For the other unit']);
    // The sender's own recommendations are not on their today's page.
    expect(await todays(writer)).toEqual({ messages: [], items: [], radio: null });
  });

  it('should take a message off the page once its active-until passes', async () => {
    clock.set('2026-11-20T21:00:00.000Z');
    expect((await todays(unit)).messages.map((m: { title: string }) => m.title)).toEqual(['Every day']);
    clock.set('2026-11-20T10:00:00.000Z');
  });

  it('should ask for a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/todays-messages' });
    expect(response.statusCode).toBe(401);
  });
});
