import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Messages go only to the sender's messageReceivers and messageReceiverGroups (migration 010), and
// a listing names only the people and groups the viewer may send to or who sent to the viewer.
//
// Two organisations: the home care of Kotikallio (coordinator, units north and south, group
// 'Kotikallio') and Metsärinne (its unit and group). The coordinator may send to both Kotikallio
// units and the Kotikallio group; north may send to the coordinator only.

describe.each(routeDatabases)('message recipients on %s', (database) => {
  let t: TestApp;
  let runner: ProjectionRunner;
  let coordinator: TestUser, north: TestUser, south: TestUser, foreign: TestUser;
  let homeGroup: number, foreignGroup: number;
  const cookies = new Map<TestUser, Record<string, string>>();
  const messagesRunner = () => createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });

  beforeAll(async () => {
    t = await buildTestApp({ database });
    runner = messagesRunner();
    await runner.start();
    const group = async (name: string) => Number((await t.sql.query<{ id: number }>('INSERT INTO user_groups (name) VALUES ($1) RETURNING id', [name]))[0]!.id);
    homeGroup = await group('Kotikallio');
    foreignGroup = await group('Metsärinne');
    coordinator = await t.createUser();
    north = await t.createUser();
    south = await t.createUser();
    foreign = await t.createUser();
    const name = (user: TestUser, clientName: string, groupId: number) => t.sql.query('UPDATE users SET client_name = $1, user_group_id = $2 WHERE id = $3', [clientName, groupId, user.id]);
    await name(coordinator, 'Kotikallio coordinator', homeGroup);
    await name(north, 'Kotikallio north', homeGroup);
    await name(south, 'Kotikallio south', homeGroup);
    await name(foreign, 'Metsärinne unit', foreignGroup);
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2), ($1, $3), ($2, $1)', [coordinator.id, north.id, south.id]);
    await t.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2)', [coordinator.id, homeGroup]);
    await t.sql.query("INSERT INTO default_message_recipients (src_user_id, dst_user_id, recipient_name) VALUES ($1, $2, 'Coordinator')", [north.id, coordinator.id]);
    for (const user of [coordinator, north, south, foreign]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const call = (user: TestUser, method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: cookies.get(user), payload });
  const messageEvents = async () => (await t.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'message-%'"))[0]!.n;
  const expectRefused = (response: { statusCode: number; json(): { error: { kind: string; details: { path: string }[] } } }, path: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error.kind).toBe('ValidationError');
    expect(response.json().error.details.map((d) => d.path)).toEqual([path]);
  };

  it('should carry the receivers and default recipients in GET /api/', async () => {
    const me = CurrentUser.parse((await t.app.inject({ method: 'GET', url: '/api/', headers: cookies.get(coordinator) })).json());
    expect(me.messageReceivers).toEqual([
      { id: north.id, name: 'Kotikallio north' },
      { id: south.id, name: 'Kotikallio south' },
    ]);
    expect(me.messageReceiverGroups).toEqual([{ id: homeGroup, name: 'Kotikallio' }]);
    const northMe = CurrentUser.parse((await t.app.inject({ method: 'GET', url: '/api/', headers: cookies.get(north) })).json());
    expect(northMe.messageReceivers).toEqual([{ id: coordinator.id, name: 'Kotikallio coordinator' }]);
    expect(northMe.defaultMessageRecipients).toEqual([
      { id: expect.any(Number), srcUserId: north.id, dstUserId: coordinator.id, recipientName: 'Coordinator', active: true, name: 'Kotikallio coordinator' },
    ]);
    const foreignMe = CurrentUser.parse((await t.app.inject({ method: 'GET', url: '/api/', headers: cookies.get(foreign) })).json());
    expect(foreignMe).toMatchObject({ messageReceivers: [], messageReceiverGroups: [], defaultMessageRecipients: [] });
  });

  it('should send to receivers and receiver groups', async () => {
    const sent = await call(coordinator, 'POST', '/api/messages', { title: 'Choir on Friday', recipients: [{ id: north.id }, { id: south.id }], recipientGroups: [{ id: homeGroup }], sent: true });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('should refuse a user or group of another organisation, naming the field, and store nothing', async () => {
    const before = await messageEvents();
    expectRefused(await call(coordinator, 'POST', '/api/messages', { title: 'x', recipients: [{ id: north.id }, { id: foreign.id }] }), 'body.recipients.1.id');
    expectRefused(await call(coordinator, 'POST', '/api/messages', { title: 'x', recipientGroups: [{ id: foreignGroup }] }), 'body.recipientGroups.0.id');
    // A receiver relation is one way: north may not write to south, nor to its own group.
    expectRefused(await call(north, 'POST', '/api/messages', { title: 'x', recipients: [{ id: south.id }] }), 'body.recipients.0.id');
    expectRefused(await call(north, 'POST', '/api/messages', { title: 'x', recipientGroups: [{ id: homeGroup }] }), 'body.recipientGroups.0.id');
    // An id that exists nowhere is refused the same way: no probing which ids exist.
    expectRefused(await call(foreign, 'POST', '/api/messages', { title: 'x', recipients: [{ id: 987654 }] }), 'body.recipients.0.id');
    expect(await messageEvents()).toBe(before);
  });

  it('should refuse adding a foreign recipient to a draft with PUT', async () => {
    const draft = await call(coordinator, 'POST', '/api/messages', { title: 'Draft', recipients: [{ id: north.id }] });
    expect(draft.statusCode, draft.body).toBe(200);
    const before = await messageEvents();
    expectRefused(await call(coordinator, 'PUT', `/api/messages/${draft.json().id}`, { recipients: [{ id: north.id }, { id: foreign.id }] }), 'body.recipients.1.id');
    expect(await messageEvents()).toBe(before);
  });

  it('should let a recipient reply to the sender of a message addressed to them, before the read model holds it', async () => {
    // The read model is stopped: whom a reply may go to comes from the replied message's stream.
    await runner.stop();
    const original = await call(coordinator, 'POST', '/api/messages', { title: 'Question', recipients: [{ id: south.id }], sent: true });
    // south has no receivers at all, but answers the coordinator's message.
    const reply = await call(south, 'POST', '/api/messages', { title: 'Answer', recipients: [{ id: coordinator.id }], replyToMessageId: original.json().id, sent: true });
    expect(reply.statusCode, reply.body).toBe(200);
    // Replying to a message not addressed to them opens nobody else.
    const foreignReply = await call(foreign, 'POST', '/api/messages', { title: 'Answer', recipients: [{ id: coordinator.id }], replyToMessageId: original.json().id });
    expectRefused(foreignReply, 'body.recipients.0.id');
    expect(await t.sql.query('SELECT 1 FROM messages WHERE id = $1', [original.json().id])).toEqual([]);
    runner = messagesRunner();
    await runner.start();
  });

  it('should name in listings only whom the viewer may send to or who sent to them', async () => {
    const sent = await call(coordinator, 'POST', '/api/messages', { title: 'To both wards', recipients: [{ id: north.id }, { id: south.id }], recipientGroups: [{ id: homeGroup }], sent: true });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().id;
    await runner.waitUntilCaughtUp(20_000);
    const list = async (user: TestUser) => {
      const response = await call(user, 'POST', '/api/get-messages', { query: { idList: [id] } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json()[0];
    };
    // The sender may address everyone named.
    expect((await list(coordinator)).recipients.map((r: { name: string }) => r.name)).toEqual(['Kotikallio north', 'Kotikallio south']);
    // north sees itself and the sender, but not the other ward it may not write to.
    const forNorth = await list(north);
    expect(forNorth.userName).toBe('Kotikallio coordinator');
    expect(forNorth.recipients).toEqual([
      { id: north.id, name: 'Kotikallio north', organization: null, recipientName: 'Kotikallio north' },
      { id: south.id, name: '', organization: null, recipientName: null },
    ]);
    // Its own group it may name.
    expect(forNorth.recipientGroups).toEqual([{ id: homeGroup, name: 'Kotikallio' }]);
    const forSouth = await list(south);
    expect(forSouth.recipients.map((r: { name: string }) => r.name)).toEqual(['', 'Kotikallio south']);
  });
});
