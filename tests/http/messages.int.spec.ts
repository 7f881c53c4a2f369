import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { bothDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFiles, testClock } from './support/usage-kit.ts';

// Messages (spec 2) as far as the usage report needs them: drafted, given items and sent through
// /api/messages and /api/message-items as events on message-{id}, read back through the messages
// read model by the owner, the recipients, their group and their administrators.

describe.each(bothDatabases)('messages on %s', (database) => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let files: number[];
  let writer: TestUser;
  let unit: TestUser;
  let groupMember: TestUser;
  let outsider: TestUser;
  let unitAdmin: TestUser;
  let groupId: number;
  const cookies = new Map<TestUser, Record<string, string>>();

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    files = await insertAudioFiles(t, 1);
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    [{ id: groupId }] = (await t.sql.query<{ id: number }>("INSERT INTO user_groups (name, messages_name) VALUES ('Sunny side', 'Sunny side team') RETURNING id")) as [{ id: number }];
    writer = await t.createUser({ config: { canCreateUsageReportMessages: true, advancedMessaging: true } });
    await t.sql.query('UPDATE users SET user_group_id = $1, client_name = $2 WHERE id = $3', [groupId, 'Service desk', writer.id]);
    unit = await t.createUser();
    groupMember = await t.createUser();
    await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, groupMember.id]);
    outsider = await t.createUser();
    unitAdmin = await t.createUser();
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [unitAdmin.id, unit.id]);
    // The writer may send to the unit and to the group (migration 010); nobody else may be addressed.
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [writer.id, unit.id]);
    await t.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2)', [writer.id, groupId]);
    for (const user of [writer, unit, groupMember, outsider, unitAdmin]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const call = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: cookies.get(user), payload });
  const ok = async (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const messagesOf = async (user: TestUser, query: object = {}) => {
    await runner.waitUntilCaughtUp(20_000);
    return ok(user, 'POST', '/api/get-messages', { query });
  };
  const titles = (messages: { title: string }[]) => messages.map((m) => m.title);

  it('should draft, fill and send a usage-report message that its recipients then see with its items', async () => {
    const draft = await ok(writer, 'POST', '/api/messages', { title: 'November in the unit', usageReport: true, recipients: [{ id: unit.id, name: 'ignored' }], time: '2026-11-01T00:00:00+02:00' });
    expect(draft).toMatchObject({
      title: 'November in the unit',
      sent: false,
      own: true,
      canModify: true,
      usageReport: true,
      userId: writer.id,
      userName: 'Service desk',
      userGroupName: 'Sunny side',
      senderName: 'Sunny side team',
      time: '2026-10-31T22:00:00.000Z',
      sentTime: null,
      recipients: [{ id: unit.id, name: unit.name, organization: null, recipientName: null }],
    });
    const text = await ok(writer, 'POST', '/api/message-items', { messageId: draft.id, type: 'InlineHTML', html: '<p>Singing on Tuesdays</p>' });
    const song = await ok(writer, 'POST', '/api/message-items', { messageId: draft.id, type: 'AudioFile', audioFileId: files[0], contentType: 'SingAlong', trackClicks: true });
    expect([text.order, song.order]).toEqual([0, 1]);
    expect(song).toMatchObject({ audioFileId: files[0], audioFileName: expect.any(String), trackClicks: true });

    // A draft is the writer's alone.
    expect(titles(await messagesOf(unit))).toEqual([]);
    const sent = await ok(writer, 'PUT', `/api/messages/${draft.id}`, { ...draft, sent: true });
    expect(sent).toMatchObject({ sent: true, sentTime: clock.now().toISOString(), messageActive: true, canModify: false });

    const received = await messagesOf(unit, { usageReport: true, sent: true });
    expect(received).toEqual([{ ...sent, own: false, canRemove: false }]);
    const items = await ok(unit, 'POST', '/api/get-message-items', { messageIdList: [draft.id] });
    expect(items.map((i: { id: number }) => i.id)).toEqual([text.id, song.id]);
    expect(items[0]).toEqual(text);

    const stream = await t.store.readStream(`message-${draft.id}`);
    expect(stream.map((e) => e.type)).toEqual(['MessageDrafted', 'RecipientsSet', 'MessageItemAdded', 'MessageItemAdded', 'MessageSent']);
  });

  it('should show a message to its recipient group, its administrators by userId, and nobody else', async () => {
    const message = await ok(writer, 'POST', '/api/messages', { title: 'For the group', recipientGroups: [{ id: groupId }], sent: true });
    const forUnit = await ok(writer, 'POST', '/api/messages', { title: 'For the unit', usageReport: true, recipients: [{ id: unit.id }], sent: true });
    expect(titles(await messagesOf(groupMember, { idList: [message.id, forUnit.id] }))).toEqual(['For the group']);
    expect(titles(await messagesOf(outsider))).toEqual([]);
    expect(titles(await messagesOf(unitAdmin, { userId: unit.id, idList: [message.id, forUnit.id] }))).toEqual(['For the unit']);
    expect(await ok(outsider, 'POST', '/api/get-message-items', { messageIdList: [forUnit.id] })).toEqual([]);

    const denied = await call(outsider, 'POST', '/api/get-messages', { query: { userId: unit.id } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.kind).toBe('AccessDenied');
  });

  it("should keep a report period's messages: from its first day up to the day after its last", async () => {
    const at = async (title: string, time: string) => ok(writer, 'POST', '/api/messages', { title, usageReport: true, recipients: [{ id: unit.id }], time, sent: true });
    await at('Before', '2026-09-30T23:59:00+03:00');
    await at('First day', '2026-10-01T00:00:00+03:00');
    await at('Last day', '2026-10-31T23:59:00+02:00');
    await at('After', '2026-11-01T00:00:00+02:00');
    const october = { usageReport: true, sent: true, startTime: '2026-10-01T00:00:00+03:00', endTime: '2026-11-01T00:00:00+02:00' };
    expect(titles(await messagesOf(unit, october))).toEqual(['Last day', 'First day']);
    expect(titles(await messagesOf(unitAdmin, { ...october, userId: unit.id, limit: 1, offset: 1 }))).toEqual(['First day']);
  });

  it('should let only the owner change a message, and a sent one only once it is a draft again', async () => {
    const message = await ok(writer, 'POST', '/api/messages', { title: 'Draft', recipients: [{ id: unit.id }], sent: true });
    const refused = await call(writer, 'PUT', `/api/messages/${message.id}`, { title: 'Edited' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.kind).toBe('InvalidRequest');
    expect((await ok(writer, 'PUT', `/api/messages/${message.id}`, { title: 'Edited', sent: false })).title).toBe('Edited');
    expect((await call(unit, 'PUT', `/api/messages/${message.id}`, { title: 'Mine' })).json().error.kind).toBe('AccessDenied');
    expect((await call(writer, 'PUT', '/api/messages/999999', { title: 'x' })).statusCode).toBe(404);

    const item = await ok(writer, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>a</p>' });
    // The server's next request waits for the read model, which names the item's message; this app runs no runner of its own.
    await runner.waitUntilCaughtUp(20_000);
    expect((await ok(writer, 'PUT', `/api/message-items/${item.id}`, { html: '<p>b</p>' })).html).toBe('<p>b</p>');
    expect((await call(unit, 'DELETE', `/api/message-items/${item.id}`)).statusCode).toBe(403);
    expect(await ok(writer, 'DELETE', `/api/message-items/${item.id}`)).toEqual({ id: item.id, messageId: message.id, removed: true });
    await runner.waitUntilCaughtUp(20_000);
    expect((await call(writer, 'DELETE', `/api/message-items/${item.id}`)).statusCode).toBe(404);

    await ok(writer, 'PUT', `/api/messages/${message.id}`, { sent: true });
    const off = await ok(writer, 'PUT', `/api/messages/${message.id}/activity`, { active: false });
    expect(off).toMatchObject({ active: false, messageActive: false });
    expect(titles(await messagesOf(unit, { idList: [message.id], active: true }))).toEqual([]);
    expect(titles(await messagesOf(unit, { idList: [message.id], active: false }))).toEqual(['Edited']);
  });

  it('should refuse what a message may not say, naming the field, and store nothing', async () => {
    const before = (await t.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'message-%'"))[0]!.n;
    const forbidden = await call(outsider, 'POST', '/api/messages', { title: 'Report', usageReport: true });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await call(writer, 'POST', '/api/messages', { title: 'x', recipients: [{ id: unit.id }, { id: 987654 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([{ path: 'body.recipients.1.id', message: 'Not a message receiver of this user: 987654' }]);
    const backwards = await call(writer, 'POST', '/api/messages', { title: 'x', time: '2026-11-02T00:00:00Z', expireTime: '2026-11-01T00:00:00Z' });
    expect(backwards.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.expireTime' })] });
    const empty = await call(writer, 'POST', '/api/messages', { title: '   ' });
    expect(empty.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.title' })] });
    // A link runs as the page when clicked: only web and mail addresses.
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd']) {
      const badLink = await call(writer, 'POST', '/api/message-items', { messageId: 1, type: 'Link', url });
      expect(badLink.json().error, url).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.url' })] });
    }
    const badLinkChange = await call(writer, 'PUT', '/api/message-items/1', { url: 'javascript:alert(1)' });
    expect(badLinkChange.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.url' })] });
    const badItem = await call(writer, 'POST', '/api/message-items', { messageId: 1, type: 'AudioFile', audioFileId: 987654 });
    expect(badItem.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.audioFileId', message: 'Unknown audio file' }] });
    const after = (await t.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'message-%'"))[0]!.n;
    expect(after).toBe(before);
  });

  it('should rebuild the same read model from the log', async () => {
    await runner.waitUntilCaughtUp(20_000);
    const snapshot = () => t.sql.query('SELECT * FROM messages ORDER BY id');
    const items = () => t.sql.query('SELECT id, message_id, "order", type, html, audio_file_id, track_clicks FROM message_items ORDER BY id');
    const [messagesBefore, itemsBefore] = [await snapshot(), await items()];
    expect(messagesBefore.length).toBeGreaterThan(5);
    await runner.stop();
    await t.sql.exec(`DELETE FROM messages; DELETE FROM message_items; DELETE FROM projection_checkpoints WHERE name = 'messages'`);
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    await runner.waitUntilCaughtUp(20_000);
    expect(await snapshot()).toEqual(messagesBefore);
    expect(await items()).toEqual(itemsBefore);
  });
});
