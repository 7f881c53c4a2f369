import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { signVideoChatKey } from '../../infra/auth/video-chat-key.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestDatabase, type TestUser } from '../support/build-test-app.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

// Video chat and remote player control (issue 19; spec 2 sections 4, 6 and 7): the three calls and
// who may make them, and /ws carrying a room's WebRTC signalling and the owner's PlayerControl
// between two app instances on one Postgres database (the fan-out rides on NOTIFY, not on a map in
// one process).

const jwtSecret = 'test-jwt-secret-of-enough-length!';

interface World {
  a: TestApp;
  /** A second app instance on the same database (postgres), or the same one (pglite). */
  b: TestApp;
  runner: ProjectionRunner;
  owner: TestUser;
  unit: TestUser;
  member: TestUser;
  outsider: TestUser;
  noFlag: TestUser;
  cookies: Map<TestUser, Record<string, string>>;
}

async function buildWorld(database: TestDatabase, twoInstances: boolean): Promise<World> {
  const databaseUrl = database === 'postgres' ? await createTestDatabase(process.env.TEST_DATABASE_URL!) : undefined;
  const config = { iceServers: [{ urls: 'stun:stun.sointu.test:3478' }] };
  const a = await buildTestApp({ database, databaseUrl, config });
  const b = twoInstances ? await buildTestApp({ database, databaseUrl, config }) : a;
  await a.app.ready();
  await b.app.ready();
  const runner = createProjectionRunner({ log: a.store, sql: a.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
  await runner.start();
  const [{ id: groupId }] = (await a.sql.query<{ id: number }>("INSERT INTO user_groups (name) VALUES ('Ward A') RETURNING id")) as [{ id: number }];
  const owner = await a.createUser({ config: { canCreateVideoChat: true } });
  const unit = await a.createUser();
  const member = await a.createUser();
  const outsider = await a.createUser({ config: { canCreateVideoChat: true } });
  const noFlag = await a.createUser();
  await a.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, member.id]);
  await a.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2), ($3, $2)', [owner.id, unit.id, noFlag.id]);
  await a.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2)', [owner.id, groupId]);
  const cookies = new Map<TestUser, Record<string, string>>();
  for (const user of [owner, unit, member, outsider, noFlag]) cookies.set(user, { cookie: (await a.login(user)).cookie });
  return { a, b, runner, owner, unit, member, outsider, noFlag, cookies };
}

/**
 * Waits until the messages read model holds the room: queries read it a projection batch after the
 * append (on Postgres a reader also waits for every older transaction of the server to end).
 */
async function roomProjected(w: World, messageId: number): Promise<void> {
  await w.runner.waitUntilCaughtUp(20_000);
  await expect.poll(async () => (await w.a.sql.query('SELECT 1 FROM messages WHERE id = $1 AND video_chat_room_id IS NOT NULL', [messageId])).length, { timeout: 20_000 }).toBe(1);
}

async function closeWorld(w: World): Promise<void> {
  await w.runner.stop();
  if (w.b !== w.a) await w.b.close();
  await w.a.close();
}

/** Every message a socket gets, and a wait for the first that matches. */
function listen(socket: WebSocket) {
  const got: Record<string, unknown>[] = [];
  socket.on('message', (data) => got.push(JSON.parse(String(data))));
  return {
    got,
    async next(type: string, where: (m: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
      let found: Record<string, unknown> | undefined;
      await expect.poll(() => (found = got.find((m) => m.type === type && where(m))), { timeout: 10_000 }).toBeDefined();
      got.splice(got.indexOf(found!), 1);
      return found!;
    },
    send: (message: object) => socket.send(JSON.stringify(message)),
  };
}

describe.each(routeDatabases)('video chat calls on %s', (database) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(database, false);
  });
  afterAll(() => closeWorld(w));

  const call = (user: TestUser, url: string, payload: object, headers: Record<string, string> = {}) => w.a.app.inject({ method: 'POST', url, headers: { ...w.cookies.get(user), ...headers }, payload });
  const ok = async (user: TestUser, url: string, payload: object) => {
    const response = await call(user, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const sentMessage = async (title: string, sent = true) =>
    (await ok(w.owner, '/api/messages', { title, recipients: [{ id: w.unit.id }], recipientGroups: [{ id: (await groupOf(w.member)) }], sent })) as { id: number };
  const groupOf = async (user: TestUser) => Number((await w.a.sql.query<{ user_group_id: number }>('SELECT user_group_id FROM users WHERE id = $1', [user.id]))[0]!.user_group_id);
  const errorOf = (response: { json(): unknown }) => (response.json() as { error: { kind: string; details?: unknown } }).error;

  it('should open one room per message for its owner with canCreateVideoChat, and set its videoChat flag', async () => {
    const message = await sentMessage('Call with Mum');
    const room = await ok(w.owner, '/api/make-video-chat-room', { messageId: message.id });
    expect(room).toEqual({ messageId: message.id, roomId: expect.any(String) });
    expect(await ok(w.owner, '/api/make-video-chat-room', { messageId: message.id })).toEqual(room);
    await roomProjected(w, message.id);
    const received = (await ok(w.unit, '/api/get-messages', { query: { idList: [message.id] } })) as { videoChat: boolean }[];
    expect(received.map((m) => m.videoChat)).toEqual([true]);
    const plain = await sentMessage('No call');
    await expect.poll(async () => ((await ok(w.owner, '/api/get-messages', { query: { idList: [plain.id] } })) as { videoChat: boolean }[]).map((m) => m.videoChat), { timeout: 20_000 }).toEqual([false]);
  });

  it('should refuse a room to anyone but the owner, to an owner without canCreateVideoChat, and bad input, appending nothing', async () => {
    const message = await sentMessage('Not yours');
    const outsider = await call(w.outsider, '/api/make-video-chat-room', { messageId: message.id });
    expect(outsider.statusCode).toBe(403);
    const recipient = await call(w.unit, '/api/make-video-chat-room', { messageId: message.id });
    expect([recipient.statusCode, errorOf(recipient).details]).toEqual([403, { field: 'body.messageId', reason: 'canCreateVideoChat is off' }]);
    const own = (await ok(w.noFlag, '/api/messages', { title: 'Mine', recipients: [{ id: w.unit.id }], sent: true })) as { id: number };
    expect((await call(w.noFlag, '/api/make-video-chat-room', { messageId: own.id })).statusCode).toBe(403);
    expect((await call(w.owner, '/api/make-video-chat-room', { messageId: 2_000_000_000 })).statusCode).toBe(404);
    const bad = await call(w.owner, '/api/make-video-chat-room', { messageId: 'one' });
    expect([bad.statusCode, errorOf(bad).kind]).toEqual([400, 'ValidationError']);
    expect(JSON.stringify(errorOf(bad).details)).toContain('body.messageId');
    expect((await call(w.owner, '/api/make-video-chat-room', { messageId: message.id, roomId: 'mine' })).statusCode).toBe(400);
    // A foreign page cannot make the owner's browser open a room.
    expect((await call(w.owner, '/api/make-video-chat-room', { messageId: message.id }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const stored = await w.a.sql.query("SELECT 1 FROM events WHERE stream_id = $1 AND type = 'VideoChatRoomCreated'", [`message-${message.id}`]);
    expect(stored).toEqual([]);
  });

  it('should give a key to the room to the owner and each recipient only, for that room and user', async () => {
    const message = await sentMessage('Keys');
    const { roomId } = await ok(w.owner, '/api/make-video-chat-room', { messageId: message.id });
    await roomProjected(w, message.id);
    for (const user of [w.owner, w.unit, w.member]) {
      const key = await ok(user, '/api/make-video-chat-access-key', { messageId: message.id });
      expect(key).toEqual({ messageId: message.id, roomId, key: expect.any(String), expiresAt: expect.any(String), iceServers: [{ urls: 'stun:stun.sointu.test:3478' }] });
      expect(Date.parse(key.expiresAt)).toBeGreaterThan(Date.now());
    }
    const outsider = await call(w.outsider, '/api/make-video-chat-access-key', { messageId: message.id });
    expect([outsider.statusCode, errorOf(outsider).details]).toEqual([404, { field: 'body.messageId', reason: 'No video chat room on a message this user sees' }]);
    // No room yet, or a draft its recipients cannot see: nothing to join.
    const noRoom = await sentMessage('No room');
    expect((await call(w.owner, '/api/make-video-chat-access-key', { messageId: noRoom.id })).statusCode).toBe(404);
    const draft = await sentMessage('Draft', false);
    await ok(w.owner, '/api/make-video-chat-room', { messageId: draft.id });
    await roomProjected(w, draft.id);
    expect((await call(w.unit, '/api/make-video-chat-access-key', { messageId: draft.id })).statusCode).toBe(404);
    expect((await call(w.owner, '/api/make-video-chat-access-key', { messageId: -1 })).statusCode).toBe(400);
  });

  it("should send the owner's player control to the recipients online, and refuse it to others", async () => {
    const message = await sentMessage('Music');
    await ok(w.owner, '/api/make-video-chat-room', { messageId: message.id });
    const unit = listen(await w.a.app.injectWS('/ws', { headers: w.cookies.get(w.unit) }));
    const outsider = listen(await w.a.app.injectWS('/ws', { headers: w.cookies.get(w.outsider) }));
    const control = { audioFile: { id: 12, name: 'Koivun alla' }, seekTime: 42.5, playing: true };
    expect(await ok(w.owner, '/api/control-message-recipients-player', { messageId: message.id, control })).toEqual({ recipients: 2 });
    expect(await unit.next('PlayerControl')).toEqual({ type: 'PlayerControl', messageId: message.id, control });
    // Nothing for someone the message does not concern: a Pong comes back with nothing before it.
    outsider.send({ type: 'Ping', time: 1 });
    await outsider.next('Pong');
    expect(outsider.got).toEqual([]);

    expect((await call(w.unit, '/api/control-message-recipients-player', { messageId: message.id, control })).statusCode).toBe(403);
    const noRoom = await sentMessage('No room for control');
    expect((await call(w.owner, '/api/control-message-recipients-player', { messageId: noRoom.id, control })).statusCode).toBe(400);
    expect((await call(w.owner, '/api/control-message-recipients-player', { messageId: 2_000_000_000, control })).statusCode).toBe(404);
    for (const bad of [{ seekTime: -1 }, { playing: 'yes' }, { audioFile: { id: 1, name: 'a\u0000b' } }, { volume: 1 }]) {
      const response = await call(w.owner, '/api/control-message-recipients-player', { messageId: message.id, control: bad });
      expect([response.statusCode, errorOf(response).kind], JSON.stringify(bad)).toEqual([400, 'ValidationError']);
      expect(JSON.stringify(errorOf(response).details)).toContain('body.control');
    }
  });
});

describe('/ws video chat between two app instances on one Postgres database', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld('postgres', true);
  });
  afterAll(() => closeWorld(w));

  it('should relay the signalling within the room and PlayerControl to recipients on the other instance', async () => {
    const post = (app: TestApp, user: TestUser, url: string, payload: object) => app.app.inject({ method: 'POST', url, headers: w.cookies.get(user), payload });
    const json = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
      const done = await response;
      expect(done.statusCode, done.body).toBe(200);
      return done.json() as Record<string, unknown> & { id: number; key: string; roomId: string };
    };
    const message = await json(post(w.a, w.owner, '/api/messages', { title: 'Across instances', recipients: [{ id: w.unit.id }], sent: true }));
    const { roomId } = await json(post(w.a, w.owner, '/api/make-video-chat-room', { messageId: message.id }));
    await roomProjected(w, message.id);
    const ownerKey = await json(post(w.a, w.owner, '/api/make-video-chat-access-key', { messageId: message.id }));
    // The unit asks the other instance: keys are stateless, any instance checks them.
    const unitKey = await json(post(w.b, w.unit, '/api/make-video-chat-access-key', { messageId: message.id }));

    const owner = listen(await w.a.app.injectWS('/ws', { headers: w.cookies.get(w.owner) }));
    const unit = listen(await w.b.app.injectWS('/ws', { headers: w.cookies.get(w.unit) }));
    const outsider = listen(await w.b.app.injectWS('/ws', { headers: w.cookies.get(w.outsider) }));

    owner.send({ type: 'VideoChatJoin', key: ownerKey.key });
    const ownerPeer = (await owner.next('VideoChatJoined')).peerId as string;
    unit.send({ type: 'VideoChatJoin', key: unitKey.key });
    const unitPeer = (await unit.next('VideoChatJoined')).peerId as string;
    expect(await owner.next('VideoChatPeerJoined')).toEqual({ type: 'VideoChatPeerJoined', roomId, peerId: unitPeer });

    // The one already in the room offers; the newcomer answers; candidates both ways. An SDP beyond
    // a NOTIFY's 8000 bytes goes through the relay table.
    const sdp = `v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n${'a=x-padding\r\n'.repeat(1500)}`;
    owner.send({ type: 'VideoChatSignal', roomId, to: unitPeer, signal: { kind: 'offer', sdp } });
    expect(await unit.next('VideoChatSignal')).toEqual({ type: 'VideoChatSignal', roomId, from: ownerPeer, signal: { kind: 'offer', sdp } });
    unit.send({ type: 'VideoChatSignal', roomId, to: ownerPeer, signal: { kind: 'answer', sdp: 'v=0\r\n' } });
    expect((await owner.next('VideoChatSignal')).signal).toEqual({ kind: 'answer', sdp: 'v=0\r\n' });
    const candidate = { kind: 'candidate', candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 40000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    unit.send({ type: 'VideoChatSignal', roomId, to: ownerPeer, signal: candidate });
    expect((await owner.next('VideoChatSignal')).signal).toEqual(candidate);

    // Another user's key, an expired key and a forged one open nothing; a socket outside the room
    // reaches nobody in it.
    outsider.send({ type: 'VideoChatJoin', key: unitKey.key });
    expect(await outsider.next('VideoChatError')).toEqual({ type: 'VideoChatError', reason: 'The access key is not valid' });
    const expired = signVideoChatKey(jwtSecret, { roomId, messageId: message.id, userId: w.outsider.id }, new Date(Date.now() - 10 * 60_000));
    outsider.send({ type: 'VideoChatJoin', key: expired.key });
    expect(await outsider.next('VideoChatError')).toEqual({ type: 'VideoChatError', reason: 'The access key has expired' });
    outsider.send({ type: 'VideoChatJoin', key: signVideoChatKey('another-secret', { roomId, messageId: message.id, userId: w.outsider.id }, new Date()).key });
    await outsider.next('VideoChatError');
    outsider.send({ type: 'VideoChatSignal', roomId, to: ownerPeer, signal: { kind: 'offer', sdp: 'v=0\r\nintruder' } });

    // The owner's player control reaches the unit's socket on the other instance.
    const control = { audioFile: { id: 5, name: 'Iltatähti' }, seekTime: 0, playing: true };
    expect((await json(post(w.a, w.owner, '/api/control-message-recipients-player', { messageId: message.id, control }))).recipients).toBe(1);
    expect(await unit.next('PlayerControl')).toEqual({ type: 'PlayerControl', messageId: message.id, control });

    // Leaving tells the others.
    unit.send({ type: 'VideoChatLeave', roomId });
    expect(await owner.next('VideoChatPeerLeft')).toEqual({ type: 'VideoChatPeerLeft', roomId, peerId: unitPeer });
    expect(owner.got.filter((m) => JSON.stringify(m).includes('intruder'))).toEqual([]);
  });

  it('should refuse the /ws upgrade from a foreign Origin', async () => {
    await expect(w.b.app.injectWS('/ws', { headers: { ...w.cookies.get(w.unit), origin: 'https://evil.example' } })).rejects.toThrow(/403/);
  });
});
