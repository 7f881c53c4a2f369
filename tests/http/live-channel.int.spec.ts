import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

const nextMessage = (socket: WebSocket) =>
  new Promise<unknown>((resolve, reject) => {
    socket.once('message', (data) => resolve(JSON.parse(String(data))));
    socket.once('error', reject);
  });

describe('/ws live channel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('should answer Ping with Pong for a logged-in user and deliver pushes', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const socket = await t.app.injectWS('/ws', { headers: { cookie } });
    try {
      const pong = nextMessage(socket);
      socket.send(JSON.stringify({ type: 'Ping', time: 1234 }));
      expect(await pong).toEqual({ type: 'Pong', time: 1234 });

      // Garbage is ignored and the channel stays usable.
      socket.send('not json');
      socket.send(JSON.stringify({ type: 'DropTables' }));
      const pushed = nextMessage(socket);
      expect(t.app.live.send(user.id, { type: 'PlayerControl', control: { playing: false } })).toBe(1);
      expect(await pushed).toEqual({ type: 'PlayerControl', control: { playing: false } });
      expect(t.app.live.send(user.id + 1000, { type: 'PlayerControl', control: {} })).toBe(0);
    } finally {
      socket.terminate();
    }
  });

  it('should refuse the upgrade without a session', async () => {
    await expect(t.app.injectWS('/ws')).rejects.toThrow(/401/);
  });
});
