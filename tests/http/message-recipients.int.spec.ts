import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageRecipientsResponse } from '../../schemas/api/message-recipients.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Spec 2: GET /api/message-recipients lists whom the caller may address (their messageReceivers,
// active defaultMessageRecipients and messageReceiverGroups, migration 010); a message is sent
// only with a recipient or group; a create retried with the same requestId makes one message.
//
// A care unit with a resident, the resident's relative (who writes to the unit by default, as
// 'Ward staff') and the unit's administrator; a unit of another home nobody may address.

describe.each(routeDatabases)('message recipients and sending on %s', (database) => {
  let t: TestApp;
  let unit: TestUser, relative: TestUser, admin: TestUser, foreign: TestUser, retired: TestUser;
  let unitGroup: number, retiredGroup: number;
  const cookies = new Map<TestUser, Record<string, string>>();

  beforeAll(async () => {
    t = await buildTestApp({ database });
    const group = async (name: string, messagesName: string | null = null) =>
      Number((await t.sql.query<{ id: number }>('INSERT INTO user_groups (name, messages_name) VALUES ($1, $2) RETURNING id', [name, messagesName]))[0]!.id);
    unitGroup = await group('Kotikallio', 'Kotikallio staff');
    retiredGroup = await group('Closed ward');
    await t.sql.query('UPDATE user_groups SET active = false WHERE id = $1', [retiredGroup]);
    [unit, relative, admin, foreign, retired] = [await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser(), await t.createUser()];
    const set = (user: TestUser, clientName: string | null, organization: string | null) =>
      t.sql.query('UPDATE users SET client_name = $1, organization = $2 WHERE id = $3', [clientName, organization, user.id]);
    await set(unit, 'Kotikallio ward', 'Kotikallio');
    await set(admin, 'Anneli Järvinen', 'Kotikallio');
    await set(foreign, 'Metsärinne ward', 'Metsärinne');
    await set(retired, 'Old ward', 'Kotikallio');
    await t.sql.query('UPDATE users SET first_name = $1, last_name = $2, client_name = NULL WHERE id = $3', ['Pekka', 'Virtanen', relative.id]);
    await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [unitGroup, unit.id]);
    await t.sql.query('UPDATE users SET active = false WHERE id = $1', [retired.id]);
    const [resident] = await t.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [unit.id]);
    await t.sql.query('UPDATE users SET resident_id = $1 WHERE id = $2', [resident!.id, relative.id]);

    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2), ($1, $3), ($1, $4), ($3, $1)', [unit.id, relative.id, admin.id, retired.id]);
    await t.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2), ($1, $3), ($4, $2)', [relative.id, unitGroup, retiredGroup, admin.id]);
    await t.sql.query(
      "INSERT INTO default_message_recipients (src_user_id, dst_user_id, recipient_name, active) VALUES ($1, $2, 'Ward staff', true), ($1, $3, 'Office', false)",
      [relative.id, unit.id, admin.id],
    );
    for (const user of [unit, relative, admin, foreign]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: cookies.get(user), payload });
  const recipientsOf = async (user: TestUser) => {
    const response = await call(user, 'GET', '/api/message-recipients');
    expect(response.statusCode, response.body).toBe(200);
    return MessageRecipientsResponse.parse(response.json());
  };
  const messageEvents = async () => (await t.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'message-%'"))[0]!.n;
  const expectRefused = (response: { statusCode: number; body: string; json(): { error: { kind: string; details: { path: string }[] } } }, path: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.kind).toBe('ValidationError');
    expect(response.json().error.details.map((d) => d.path)).toEqual([path]);
  };

  describe('GET /api/message-recipients', () => {
    it("should list the relative's default recipient and the unit's group, not an inactive default or group", async () => {
      expect(await recipientsOf(relative)).toEqual({
        users: [{ id: unit.id, name: 'Kotikallio ward', organization: 'Kotikallio', recipientName: 'Ward staff', residentFirstName: null, residentLastName: null, default: true }],
        groups: [{ id: unitGroup, name: 'Kotikallio staff' }],
      });
    });

    it("should name a relative's resident for the unit, and leave out an inactive user", async () => {
      expect(await recipientsOf(unit)).toEqual({
        users: [
          { id: admin.id, name: 'Anneli Järvinen', organization: 'Kotikallio', recipientName: 'Anneli Järvinen', residentFirstName: null, residentLastName: null, default: false },
          { id: relative.id, name: 'Pekka Virtanen', organization: null, recipientName: null, residentFirstName: 'Aino', residentLastName: 'Virtanen', default: false },
        ],
        groups: [],
      });
    });

    it('should list nobody for a user without receivers, and nothing of other users', async () => {
      expect(await recipientsOf(foreign)).toEqual({ users: [], groups: [] });
      expect((await recipientsOf(admin)).users.map((u) => u.id)).toEqual([unit.id]);
    });

    it('should refuse an unknown parameter and a caller without a session', async () => {
      const response = await call(unit, 'GET', '/api/message-recipients?userId=1');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.kind).toBe('ValidationError');
      expect((await t.app.inject({ method: 'GET', url: '/api/message-recipients' })).statusCode).toBe(401);
    });

    it('should list exactly whom a message may go to', async () => {
      // Everyone listed is accepted, everyone else refused (the commands' rule is the same).
      const listed = await recipientsOf(relative);
      const sent = await call(relative, 'POST', '/api/messages', { title: 'Hello', recipients: listed.users.map(({ id }) => ({ id })), recipientGroups: listed.groups.map(({ id }) => ({ id })), sent: true });
      expect(sent.statusCode, sent.body).toBe(200);
      expectRefused(await call(relative, 'POST', '/api/messages', { title: 'x', recipients: [{ id: admin.id }] }), 'body.recipients.0.id');
      // A receiver or group no longer active, and an inactive default recipient, are refused too.
      expectRefused(await call(relative, 'POST', '/api/messages', { title: 'x', recipientGroups: [{ id: retiredGroup }] }), 'body.recipientGroups.0.id');
      expectRefused(await call(unit, 'POST', '/api/messages', { title: 'x', recipients: [{ id: relative.id }, { id: retired.id }] }), 'body.recipients.1.id');
    });
  });

  describe('GET /api/', () => {
    it('should carry the same receivers, groups and the active default recipients as spec 3 names them', async () => {
      const me = CurrentUser.parse((await call(relative, 'GET', '/api/')).json());
      expect(me.messageReceivers).toEqual([{ id: unit.id, name: 'Kotikallio ward' }]);
      expect(me.messageReceiverGroups).toEqual([{ id: unitGroup, name: 'Kotikallio staff' }]);
      expect(me.defaultMessageRecipients).toEqual([{ id: expect.any(Number), srcUserId: relative.id, dstUserId: unit.id, recipientName: 'Ward staff', active: true, name: 'Kotikallio ward' }]);
      const listed = await recipientsOf(relative);
      expect(listed.users.map((u) => u.id)).toEqual(me.messageReceivers!.map((u) => u.id));
      expect(listed.groups).toEqual(me.messageReceiverGroups);
    });
  });

  describe('sending needs a recipient', () => {
    it('should refuse a create that sends to nobody, naming the field, and store nothing', async () => {
      const before = await messageEvents();
      expectRefused(await call(unit, 'POST', '/api/messages', { title: 'To nobody', sent: true }), 'body.recipients');
      expect(await messageEvents()).toBe(before);
    });

    it('should refuse to send a draft without recipients, and send it once addressed', async () => {
      const draft = await call(unit, 'POST', '/api/messages', { title: 'Later' });
      expect(draft.statusCode, draft.body).toBe(200);
      const before = await messageEvents();
      expectRefused(await call(unit, 'PUT', `/api/messages/${draft.json().id}`, { sent: true }), 'body.recipients');
      expect(await messageEvents()).toBe(before);
      const sent = await call(unit, 'PUT', `/api/messages/${draft.json().id}`, { recipients: [{ id: relative.id }], sent: true });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ sent: true, recipients: [{ id: relative.id }] });
    });

    it('should send to a group alone', async () => {
      const sent = await call(admin, 'POST', '/api/messages', { title: 'To the ward', recipientGroups: [{ id: unitGroup }], sent: true });
      expect(sent.statusCode, sent.body).toBe(200);
    });
  });

  describe('a retried create', () => {
    const drafted = async (title: string) =>
      (await t.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'MessageDrafted' AND data->>'title' = $1", [title]))[0]!.n;

    it('should make one message for two identical posts with the same requestId', async () => {
      const body = { title: 'Retried', recipients: [{ id: relative.id }], sent: true, requestId: randomUUID() };
      const first = await call(unit, 'POST', '/api/messages', body);
      const second = await call(unit, 'POST', '/api/messages', body);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await drafted('Retried')).toBe(1);
      const stream = await t.store.readStream(`message-${first.json().id}`);
      expect(stream.map((e) => e.type)).toEqual(['MessageDrafted', 'RecipientsSet', 'MessageSent']);
    });

    it('should make one message for two posts racing with the same requestId', async () => {
      const body = { title: 'Raced', recipients: [{ id: relative.id }], requestId: randomUUID() };
      const [a, b] = await Promise.all([call(unit, 'POST', '/api/messages', body), call(unit, 'POST', '/api/messages', body)]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
      expect(a.json().id).toBe(b.json().id);
      expect(await drafted('Raced')).toBe(1);
    });

    it("should keep users' request ids apart, and make two messages without one", async () => {
      const requestId = randomUUID();
      const mine = await call(unit, 'POST', '/api/messages', { title: 'Shared id', requestId });
      const theirs = await call(relative, 'POST', '/api/messages', { title: 'Shared id', requestId });
      expect(mine.json().id).not.toBe(theirs.json().id);
      expect(await drafted('Shared id')).toBe(2);
      const plain = { title: 'No id' };
      expect((await call(unit, 'POST', '/api/messages', plain)).json().id).not.toBe((await call(unit, 'POST', '/api/messages', plain)).json().id);
    });

    it('should refuse a requestId that is not a uuid, naming the field', async () => {
      expectRefused(await call(unit, 'POST', '/api/messages', { title: 'x', requestId: 'again' }), 'body.requestId');
    });
  });
});
