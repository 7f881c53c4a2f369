import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { streams } from '../../schemas/events/index.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { testClock } from './support/usage-kit.ts';

// Replies and the messenger (spec 2 sections 2-7): POST /api/message-replies posts a reply when
// the caller may (the owner; a recipient, or a member of a recipient group, of a sent message with
// recipientCanReply), marks the message read for them and nudges the others over /ws; POST
// /api/get-msgs lists the caller's conversations with items, replies and read state. Bad input is
// a 400/403/404 naming the field, and appends nothing.

describe.each(routeDatabases)('replies and the messenger on %s', (database) => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let relative: TestUser;
  let unit: TestUser;
  let groupMember: TestUser;
  let outsider: TestUser;
  let groupId: number;
  let residentId: number;
  const cookies = new Map<TestUser, Record<string, string>>();
  const later = (seconds: number) => clock.set(clock.at(seconds));

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    [{ id: groupId }] = (await t.sql.query<{ id: number }>("INSERT INTO user_groups (name) VALUES ('Maple ward') RETURNING id")) as [{ id: number }];
    relative = await t.createUser();
    unit = await t.createUser();
    groupMember = await t.createUser();
    outsider = await t.createUser();
    await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, groupMember.id]);
    [{ id: residentId }] = (await t.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [unit.id])) as [{ id: number }];
    await t.sql.query('UPDATE users SET resident_id = $1 WHERE id = $2', [residentId, relative.id]);
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2), ($2, $1)', [relative.id, unit.id]);
    await t.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2)', [relative.id, groupId]);
    for (const user of [relative, unit, groupMember, outsider]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: cookies.get(user), payload });
  const ok = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const conversations = async (user: TestUser, idList?: number[]) => {
    await runner.waitUntilCaughtUp(20_000);
    return ok(user, 'POST', '/api/get-msgs', { query: idList ? { idList } : {} });
  };
  const countOf = async (user: TestUser) => {
    await runner.waitUntilCaughtUp(20_000);
    return (await ok(user, 'GET', '/api/unread-messages-count')).count as number;
  };
  const start = (title: string, recipientCanReply = true) =>
    ok(relative, 'POST', '/api/messages', { title, recipients: [{ id: unit.id }], recipientGroups: [{ id: groupId }], sent: true, recipientCanReply });
  const reply = (user: TestUser, payload: object) => call(user, 'POST', '/api/message-replies', payload);
  const streamLength = async (messageId: number) => (await t.store.readStream(streams.message(messageId))).length;
  let fileCount = 0;
  const storedFile = async (ownerId: number | null, contentType = 'image/png') => {
    const [row] = await t.sql.query<{ id: number }>('INSERT INTO files (user_id, name, content_type, object_key, size) VALUES ($1, $2, $3, $4, 10) RETURNING id', [
      ownerId,
      `photo-${++fileCount}.png`,
      contentType,
      `test/${database}/${Date.now()}-${fileCount}`,
    ]);
    return Number(row!.id);
  };

  it('lets a recipient reply, marks it read for them, and shows the reply to both sides with names and read state', async () => {
    const message = await start('Sunday visit');
    const unreadBefore = await countOf(relative);
    const posted = await reply(unit, { messageId: message.id, reply: '  Welcome on Sunday!  ' });
    expect(posted.statusCode, posted.body).toBe(200);
    const answer = posted.json();
    expect(answer).toMatchObject({ messageId: message.id, reply: 'Welcome on Sunday!', userId: unit.id, own: true, replyFileId: null, time: clock.now().toISOString() });

    const [forUnit] = await conversations(unit, [message.id]);
    expect(forUnit.readTime).toBe(clock.now().toISOString());
    expect(forUnit.canReply).toBe(true);
    expect(forUnit.canRemove).toBe(false);
    expect(forUnit.unreadReplyCount).toBe(0);
    expect(forUnit.replies).toHaveLength(1);

    const [forRelative] = await conversations(relative, [message.id]);
    expect(forRelative).toMatchObject({ title: 'Sunday visit', own: true, canRemove: true, messageActive: true, unreadReplyCount: 1, discussionReadTime: null });
    expect(forRelative.replies[0]).toMatchObject({ id: answer.id, reply: 'Welcome on Sunday!', userId: unit.id, userName: expect.any(String), own: false, readTime: null });
    expect(await countOf(relative)).toBe(unreadBefore + 1);

    // The relative answers: their own reply is read, and the discussion with it.
    later(60);
    const back = await reply(relative, { messageId: message.id, reply: 'Thank you' });
    expect(back.statusCode, back.body).toBe(200);
    const [after] = await conversations(relative, [message.id]);
    expect(after.unreadReplyCount).toBe(0);
    expect(after.replies.map((r: { reply: string }) => r.reply)).toEqual(['Welcome on Sunday!', 'Thank you']);
    expect(await countOf(relative)).toBe(unreadBefore);
  });

  it('lists recipients with the resident a relative belongs to, and the most recently active conversation first', async () => {
    const older = await start('Older topic');
    later(60);
    const newer = await start('Newer topic');
    later(60);
    await ok(unit, 'POST', '/api/message-replies', { messageId: older.id, reply: 'Bumped' });
    const list = await conversations(unit, [older.id, newer.id]);
    expect(list.map((c: { id: number }) => c.id)).toEqual([older.id, newer.id]);
    const [forRelativeUnit] = await conversations(relative, [older.id]);
    expect(forRelativeUnit.recipients).toEqual([expect.objectContaining({ id: unit.id, residentFirstName: null })]);
    // The unit sees the relative as the sender; a unit-to-relative message names the resident.
    const toRelative = await ok(unit, 'POST', '/api/messages', { title: 'News from the ward', recipients: [{ id: relative.id }], sent: true, recipientCanReply: true });
    const [fromUnit] = await conversations(unit, [toRelative.id]);
    expect(fromUnit.recipients).toEqual([expect.objectContaining({ id: relative.id, residentFirstName: 'Aino', residentLastName: 'Virtanen' })]);
    expect(fromUnit.items).toEqual([]);
  });

  it('lets a member of a recipient group reply, with a file they uploaded, shown with its type', async () => {
    const message = await start('Photos');
    const fileId = await storedFile(groupMember.id);
    const posted = await reply(groupMember, { messageId: message.id, reply: '', fileId });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ replyFileId: fileId, replyFileContentType: 'image/png', reply: '' });
    const [conversation] = await conversations(relative, [message.id]);
    expect(conversation.replies[0]).toMatchObject({ replyFileId: fileId, replyFileContentType: 'image/png', userId: groupMember.id });
  });

  it('keeps a conversation its owner switched off for the owner only', async () => {
    const message = await start('Removed later');
    await ok(relative, 'PUT', `/api/messages/${message.id}/activity`, { active: false });
    const [forOwner] = await conversations(relative, [message.id]);
    expect(forOwner).toMatchObject({ active: false, messageActive: false, canRemove: true });
    expect(await conversations(unit, [message.id])).toEqual([]);
  });

  it('posts a retried reply (same requestId) once', async () => {
    const message = await start('Retry');
    const requestId = '3d2b1f0e-4c5a-4b6c-8d7e-9f0a1b2c3d4e';
    const first = await ok(unit, 'POST', '/api/message-replies', { messageId: message.id, reply: 'Once', requestId });
    const length = await streamLength(message.id);
    const second = await ok(unit, 'POST', '/api/message-replies', { messageId: message.id, reply: 'Once', requestId });
    expect(second.id).toBe(first.id);
    expect(await streamLength(message.id)).toBe(length);
    const [conversation] = await conversations(unit, [message.id]);
    expect(conversation.replies).toHaveLength(1);
  });

  it('pushes UnreadCountChanged to the others in the conversation, not to the writer', async () => {
    const message = await start('Live');
    const received = new Map<TestUser, string[]>();
    const sockets: WebSocket[] = [];
    for (const user of [relative, groupMember, unit]) {
      const socket = await t.app.injectWS('/ws', { headers: cookies.get(user) });
      sockets.push(socket);
      received.set(user, []);
      socket.on('message', (raw) => received.get(user)!.push(String(raw)));
    }
    await ok(unit, 'POST', '/api/message-replies', { messageId: message.id, reply: 'Live reply' });
    await expect.poll(() => received.get(relative)!.length).toBeGreaterThan(0);
    await expect.poll(() => received.get(groupMember)!.length).toBeGreaterThan(0);
    expect(JSON.parse(received.get(relative)![0]!)).toEqual({ type: 'UnreadCountChanged' });
    // The writer's own sockets hear of their read time (other tabs), which is a nudge too, but
    // nobody outside the conversation does.
    for (const socket of sockets) socket.terminate();
  });

  describe('refuses, naming the field, and appends nothing', () => {
    it('a reply to a message that does not take replies (AccessDenied)', async () => {
      const message = await start('No replies', false);
      const length = await streamLength(message.id);
      const refused = await reply(unit, { messageId: message.id, reply: 'Hello?' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ kind: 'AccessDenied', details: { field: 'body.messageId' } });
      expect(await streamLength(message.id)).toBe(length);
      const [conversation] = await conversations(unit, [message.id]);
      expect(conversation.canReply).toBe(false);
    });

    it('a reply to a message the caller cannot see (AccessDenied), or that does not exist (NotFound)', async () => {
      const message = await start('Private');
      const length = await streamLength(message.id);
      const refused = await reply(outsider, { messageId: message.id, reply: 'Peeking' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ kind: 'AccessDenied', message: 'Access denied', details: { field: 'body.messageId' } });
      expect(await streamLength(message.id)).toBe(length);
      expect(await conversations(outsider, [message.id])).toEqual([]);
      const missing = await reply(unit, { messageId: 2_000_000_000, reply: 'Nobody' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({ kind: 'NotFound', details: { field: 'body.messageId' } });
    });

    it('a recipient reply to a draft (AccessDenied): a draft is not theirs yet', async () => {
      const draft = await ok(relative, 'POST', '/api/messages', { title: 'Draft', recipients: [{ id: unit.id }], recipientCanReply: true });
      expect((await reply(unit, { messageId: draft.id, reply: 'Early' })).statusCode).toBe(403);
      expect(await conversations(unit, [draft.id])).toEqual([]);
    });

    it.each([
      ['an empty reply without a file', { reply: '   ' }, 'body.reply'],
      ['a reply over the length limit', { reply: 'x'.repeat(5001) }, 'body.reply'],
      ['a reply with a NUL byte', { reply: 'a\u0000b' }, 'body.reply'],
      ['a negative file id', { reply: 'x', fileId: -1 }, 'body.fileId'],
      ['a malformed request id', { reply: 'x', requestId: 'not-a-uuid' }, 'body.requestId'],
      ['an unknown field', { reply: 'x', extra: true }, 'body'],
    ])('%s (ValidationError)', async (_name, body, path) => {
      const message = await start('Validation');
      const length = await streamLength(message.id);
      const refused = await reply(unit, { messageId: message.id, ...body });
      expect(refused.statusCode, refused.body).toBe(400);
      const error = refused.json().error;
      expect(error.kind).toBe('ValidationError');
      expect(JSON.stringify(error.details)).toContain(path);
      expect(await streamLength(message.id)).toBe(length);
    });

    it("a file that is someone else's upload, or none at all (ValidationError on body.fileId)", async () => {
      const message = await start('Files');
      const length = await streamLength(message.id);
      const othersFile = await storedFile(relative.id);
      for (const fileId of [othersFile, 1_999_999_999]) {
        const refused = await reply(unit, { messageId: message.id, reply: 'Look', fileId });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(JSON.stringify(refused.json().error.details)).toContain('body.fileId');
      }
      expect(await streamLength(message.id)).toBe(length);
    });

    it('get-msgs with a malformed query (ValidationError)', async () => {
      const refused = await call(unit, 'POST', '/api/get-msgs', { query: { idList: ['x'] } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.kind).toBe('ValidationError');
    });
  });
});
