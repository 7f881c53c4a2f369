import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { streams } from '../../schemas/events/index.ts';
import { pushUnreadChanges } from '../../server/http/unread-push.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { testClock } from './support/usage-kit.ts';

// Read state (spec 2 sections 4, 6 and 7): PUT /api/message-read-time and
// /api/discussion-read-time set the caller's own read times (null: unread), only on messages they
// may read; GET /api/unread-messages-count counts what the top bar shows; a send, a reply and a
// read time nudge the concerned users' /ws sockets with UnreadCountChanged.

describe.each(routeDatabases)('message read state on %s', (database) => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let writer: TestUser;
  let unit: TestUser;
  let groupMember: TestUser;
  let outsider: TestUser;
  let groupId: number;
  const cookies = new Map<TestUser, Record<string, string>>();

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    [{ id: groupId }] = (await t.sql.query<{ id: number }>("INSERT INTO user_groups (name) VALUES ('Sunny side') RETURNING id")) as [{ id: number }];
    writer = await t.createUser();
    unit = await t.createUser();
    groupMember = await t.createUser();
    await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, groupMember.id]);
    outsider = await t.createUser();
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [writer.id, unit.id]);
    await t.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2)', [writer.id, groupId]);
    for (const user of [writer, unit, groupMember, outsider]) cookies.set(user, { cookie: (await t.login(user)).cookie });
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
  const countOf = async (user: TestUser) => {
    await runner.waitUntilCaughtUp(20_000);
    return (await ok(user, 'GET', '/api/unread-messages-count')).count as number;
  };
  const readTimeOf = async (user: TestUser, messageId: number) => {
    await runner.waitUntilCaughtUp(20_000);
    const [message] = await ok(user, 'POST', '/api/get-messages', { query: { idList: [messageId] } });
    return message.readTime as string | null;
  };
  const send = (title: string) => ok(writer, 'POST', '/api/messages', { title, recipients: [{ id: unit.id }], recipientGroups: [{ id: groupId }], sent: true });
  const setReadTime = (user: TestUser, messageId: number, readTime: string | null, url = '/api/message-read-time') => call(user, 'PUT', url, { messageId, readTime });
  const streamLength = async (messageId: number) => (await t.store.readStream(streams.message(messageId))).length;

  it('counts a received message as unread until its reader marks it read, each reader their own', async () => {
    const before = { unit: await countOf(unit), member: await countOf(groupMember), writer: await countOf(writer) };
    const message = await send('Singing on Tuesday');
    expect(await countOf(unit)).toBe(before.unit + 1);
    expect(await countOf(groupMember)).toBe(before.member + 1);
    expect(await countOf(writer)).toBe(before.writer);
    expect(await countOf(outsider)).toBe(0);
    expect(await readTimeOf(unit, message.id)).toBeNull();

    const read = await setReadTime(unit, message.id, '2026-11-20T12:00:00+02:00');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ messageId: message.id, readTime: '2026-11-20T10:00:00.000Z' });
    expect(await countOf(unit)).toBe(before.unit);
    expect(await countOf(groupMember)).toBe(before.member + 1);
    expect(await readTimeOf(unit, message.id)).toBe('2026-11-20T10:00:00.000Z');
    expect(await readTimeOf(groupMember, message.id)).toBeNull();

    // The same read time again appends nothing.
    const length = await streamLength(message.id);
    expect((await setReadTime(unit, message.id, '2026-11-20T10:00:00.000Z')).statusCode).toBe(200);
    expect(await streamLength(message.id)).toBe(length);

    // Mark as unread: null.
    expect((await setReadTime(unit, message.id, null)).json()).toEqual({ messageId: message.id, readTime: null });
    expect(await countOf(unit)).toBe(before.unit + 1);
    expect(await readTimeOf(unit, message.id)).toBeNull();

    // A member of the recipient group reads it as theirs.
    expect((await setReadTime(groupMember, message.id, '2026-11-20T10:00:00.000Z')).statusCode).toBe(200);
    expect(await countOf(groupMember)).toBe(before.member);
  });

  it("refuses another user's message, a draft to its recipients, a missing message and bad times, appending nothing", async () => {
    const message = await send('Not for everyone');
    const draft = await ok(writer, 'POST', '/api/messages', { title: 'Still a draft', recipients: [{ id: unit.id }] });
    const length = await streamLength(message.id);
    for (const url of ['/api/message-read-time', '/api/discussion-read-time']) {
      const denied = await setReadTime(outsider, message.id, '2026-11-20T10:00:00.000Z', url);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.kind).toBe('AccessDenied');
      expect((await setReadTime(unit, draft.id, '2026-11-20T10:00:00.000Z', url)).statusCode).toBe(403);
      const missing = await setReadTime(unit, 2_000_000_000, '2026-11-20T10:00:00.000Z', url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.kind).toBe('NotFound');
      for (const [readTime, field] of [
        ['yesterday', 'body.readTime'],
        ['2030-01-01T10:00:00.000Z', 'body.readTime'], // more than a day ahead of the clock (the edge checks the real one)
        ['1969-07-20T20:17:00Z', 'body.readTime'],
      ] as const) {
        const bad = await setReadTime(unit, message.id, readTime, url);
        expect(bad.statusCode, readTime).toBe(400);
        expect(bad.json().error.kind).toBe('ValidationError');
        expect(JSON.stringify(bad.json().error.details)).toContain(field.split('.')[1]);
      }
      const unknownField = await call(unit, 'PUT', url, { messageId: message.id, readTime: null, userId: outsider.id });
      expect(unknownField.statusCode).toBe(400);
    }
    expect(await streamLength(message.id)).toBe(length);
    expect(await streamLength(draft.id)).toBe(2);
  });

  it('counts replies from others after the discussion read time, for recipients and the owner', async () => {
    const message = await send('Replies welcome');
    expect((await setReadTime(unit, message.id, '2026-11-20T10:00:00.000Z')).statusCode).toBe(200);
    const unitBefore = await countOf(unit);
    const writerBefore = await countOf(writer);
    // Replies have no route yet (issue 14, deliverable 5): the event the reply command will append.
    const reply = (userId: number, replyId: string, at: string) => ({ id: replyId, type: 'ReplyPosted' as const, data: { messageId: message.id, userId, replyId, text: 'Thank you!', fileId: null, at } });
    await t.store.append(streams.message(message.id), [reply(unit.id, '6f1c1f7e-0a4b-4c53-9a40-5b0b7f1d2a01', '2026-11-20T10:05:00.000Z')]);
    expect(await countOf(writer)).toBe(writerBefore + 1);
    expect(await countOf(unit)).toBe(unitBefore);
    expect((await setReadTime(writer, message.id, '2026-11-20T10:06:00.000Z', '/api/discussion-read-time')).statusCode).toBe(200);
    expect(await countOf(writer)).toBe(writerBefore);

    await t.store.append(streams.message(message.id), [reply(writer.id, '6f1c1f7e-0a4b-4c53-9a40-5b0b7f1d2a02', '2026-11-20T10:07:00.000Z')]);
    expect(await countOf(unit)).toBe(unitBefore + 1);
    expect(await countOf(writer)).toBe(writerBefore);
    expect((await setReadTime(unit, message.id, '2026-11-20T10:08:00.000Z', '/api/discussion-read-time')).json()).toEqual({ messageId: message.id, readTime: '2026-11-20T10:08:00.000Z' });
    expect(await countOf(unit)).toBe(unitBefore);
  });

  it('does not count a message switched off or not yet active', async () => {
    const before = await countOf(unit);
    const later = await ok(writer, 'POST', '/api/messages', { title: 'Next week', recipients: [{ id: unit.id }], time: '2026-11-27T10:00:00.000Z', sent: true });
    expect(await countOf(unit)).toBe(before);
    const now = await send('Switched off');
    expect(await countOf(unit)).toBe(before + 1);
    await ok(writer, 'PUT', `/api/messages/${now.id}/activity`, { active: false });
    expect(await countOf(unit)).toBe(before);
    expect(later.id).toBeGreaterThan(0);
  });

  it('nudges the recipients\' open sockets when a message reaches them, and the reader\'s when they read it', async () => {
    const nextMessage = (socket: WebSocket) =>
      new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push')), 5000);
        socket.once('message', (data) => {
          clearTimeout(timer);
          resolve(JSON.parse(String(data)));
        });
      });
    const unitSocket = await t.app.injectWS('/ws', { headers: cookies.get(unit) });
    const memberSocket = await t.app.injectWS('/ws', { headers: cookies.get(groupMember) });
    const outsiderSocket = await t.app.injectWS('/ws', { headers: cookies.get(outsider) });
    const outsiderGot: unknown[] = [];
    outsiderSocket.on('message', (data) => outsiderGot.push(JSON.parse(String(data))));
    try {
      const toUnit = nextMessage(unitSocket);
      const toMember = nextMessage(memberSocket);
      const message = await send('Live');
      expect(await toUnit).toEqual({ type: 'UnreadCountChanged' });
      expect(await toMember).toEqual({ type: 'UnreadCountChanged' });

      const again = nextMessage(unitSocket);
      expect((await setReadTime(unit, message.id, '2026-11-20T10:00:00.000Z')).statusCode).toBe(200);
      expect(await again).toEqual({ type: 'UnreadCountChanged' });
      // Nothing for someone the message does not concern.
      const pong = nextMessage(outsiderSocket);
      outsiderSocket.send(JSON.stringify({ type: 'Ping', time: 1 }));
      await pong;
      expect(outsiderGot).toEqual([{ type: 'Pong', time: 1 }]);
    } finally {
      unitSocket.terminate();
      memberSocket.terminate();
      outsiderSocket.terminate();
    }
  });

  it('nudges everyone in the conversation but its writer when a reply arrives', async () => {
    const writerSocket = await t.app.injectWS('/ws', { headers: cookies.get(writer) });
    const memberSocket = await t.app.injectWS('/ws', { headers: cookies.get(groupMember) });
    const unitSocket = await t.app.injectWS('/ws', { headers: cookies.get(unit) });
    const got = new Map<TestUser, unknown[]>([[writer, []], [groupMember, []], [unit, []]]);
    writerSocket.on('message', (data) => got.get(writer)!.push(JSON.parse(String(data))));
    memberSocket.on('message', (data) => got.get(groupMember)!.push(JSON.parse(String(data))));
    unitSocket.on('message', (data) => got.get(unit)!.push(JSON.parse(String(data))));
    try {
      const nudge = [{ type: 'UnreadCountChanged' }];
      // The message's own nudge reaches its recipients after its answer: awaited, so it is not
      // taken for the reply's.
      const message = await send('Who replies?');
      await expect.poll(() => got.get(groupMember)).toEqual(nudge);
      await expect.poll(() => got.get(unit)).toEqual(nudge);
      expect(got.get(writer)).toEqual([]);
      got.forEach((messages) => (messages.length = 0));
      // What the reply route (issue 14, deliverable 5) will call after appending its ReplyPosted.
      const reply = { type: 'ReplyPosted' as const, data: { messageId: message.id, userId: unit.id, replyId: '6f1c1f7e-0a4b-4c53-9a40-5b0b7f1d2a03', text: 'Me!', fileId: null, at: '2026-11-20T10:09:00.000Z' } };
      await pushUnreadChanges(t.app, t.sql, [reply], { ownerId: writer.id, recipients: [unit.id], recipientGroups: [groupId] });
      await expect.poll(() => got.get(writer)).toEqual(nudge);
      await expect.poll(() => got.get(groupMember)).toEqual(nudge);
      expect(got.get(unit)).toEqual([]);
    } finally {
      writerSocket.terminate();
      memberSocket.terminate();
      unitSocket.terminate();
    }
  });
});
