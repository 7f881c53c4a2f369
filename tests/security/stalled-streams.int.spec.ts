import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { insertAudioFile, insertFile, patternBytes, temporaryFileStore } from '../http/support/library-kit.ts';

// Issue 37: a hundred audio streams opened and never read kept the server at 4.3 GB and
// unresponsive for about five minutes. A stream whose reader takes nothing for a while is cut
// (60 s in production, half a second here); one that is read goes to its end.

const store = temporaryFileStore();
const bytes = patternBytes(16 * 1024 * 1024);
let t: TestApp;
let base: URL;
let streamUrl: string;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ files: store.files, config: { stalledStreamMs: 500 } });
  const file = await insertFile(t, store.files, { name: 'long.wav', contentType: 'audio/wav', bytes });
  const audio = await insertAudioFile(t, { name: 'Long', fileId: file });
  cookie = (await t.login(await t.createUser())).cookie;
  const listed = await t.app.inject({ method: 'POST', url: '/api/get-audio-files', headers: { cookie }, payload: { ids: [audio] } });
  streamUrl = listed.json().items[0].streamUrl;
  base = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
});
afterAll(async () => {
  await t.close();
  store.remove();
});

describe('an audio stream nobody reads', () => {
  it('should be cut once its reader stops taking bytes', async () => {
    const socket = net.connect(Number(base.port), base.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET ${streamUrl} HTTP/1.1\r\nHost: ${base.host}\r\nCookie: ${cookie}\r\n\r\n`);
    // Read the first bytes (the answer started), then never again.
    await new Promise((resolve) => socket.once('data', resolve));
    socket.pause();
    try {
      // The server's side of it is gone (a paused client would not notice before it reads again).
      const open = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
      expect(await open()).toBe(1);
      await expect.poll(open, { timeout: 20_000, interval: 100 }).toBe(0);
    } finally {
      socket.destroy();
    }
  }, 30_000);

  it('should send the whole file to a reader that reads', async () => {
    // Without keep-alive: an idle kept connection would hold the app's close for a minute.
    const { status, body } = await new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      http
        .get(new URL(streamUrl, base), { headers: { cookie }, agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(body.equals(bytes)).toBe(true);
  }, 30_000);
});
