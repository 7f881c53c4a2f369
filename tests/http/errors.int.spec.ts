import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

// The one error mapping (DOMAIN.md section 4) and the web app fallback.

describe('error answers', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sointu</title><div id="root"></div>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("sointu")');
    // The build's compressed copy (tools/build/precompress.ts).
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js.gz'), zlib.gzipSync('console.log("sointu")'));
    t = await buildTestApp({ webDir });
    // A route that fails inside, as a bug would: the client must learn nothing about it.
    t.app.get('/api/test-failure', async () => {
      throw new Error('secret detail: password=hunter2 at db.ts:42');
    });
    // A write that meets a full disk, as the file store's would.
    t.app.get('/api/test-disk-full', async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('should answer NotFound for an unknown API route, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { kind: 'NotFound', message: 'Query Received Data Not Found' } });
    }
  });

  it('should hide the cause of an internal error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { kind: 'InternalError', message: 'Internal error' } });
    expect(response.body).not.toContain('hunter2');
  });

  it('should answer a full disk 503 ServiceUnavailable with Retry-After, not 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-disk-full' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ error: { kind: 'ServiceUnavailable', message: 'Service unavailable', details: { dependency: 'disk' } } });
  });

  it('should answer headers over the limit 431 in the error shape', async () => {
    const base = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(base.port), base.hostname, () => socket.write(`GET /api/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(body!)).toEqual({ error: { kind: 'InvalidRequest', message: 'Invalid request', details: { reason: 'Request header fields are too large' } } });
  });

  it('should answer InvalidRequest for an empty JSON body and an unsupported media type, ValidationError for plain text', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.kind).toBe('InvalidRequest');
    const xml = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: { 'content-type': 'application/xml' }, payload: '<key/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.kind).toBe('InvalidRequest');
    const text = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'username=a' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body' }] });
  });

  it('should answer InvalidRequest for a JSON body carrying __proto__', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"key":"resultsCount","value":"5","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.kind).toBe('InvalidRequest');
  });

  it('should refuse a JSON or text body that is not UTF-8 with ValidationError, storing nothing (not U+FFFD)', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    const messageEvents = async () => Number((await t.sql.query<{ n: number | string }>("SELECT count(*) AS n FROM events WHERE stream_id LIKE 'message-%'"))[0]!.n);
    const before = await messageEvents();
    // "Café" in Latin-1 (0xE9 alone), a lone continuation byte, an over-long "/" and a surrogate's bytes.
    for (const bad of [[0xe9], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const payload = Buffer.concat([Buffer.from('{"title":"Caf'), Buffer.from(bad), Buffer.from('"}')]);
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        const response = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie, 'content-type': type }, payload });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ error: { kind: 'ValidationError', message: expect.any(String), details: [{ path: 'body', message: 'Not UTF-8' }] } });
      }
    }
    const text = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: Buffer.from([0x61, 0xff, 0x62]) });
    expect(text.json().error).toEqual({ kind: 'ValidationError', message: expect.any(String), details: [{ path: 'body', message: 'Not UTF-8' }] });
    expect(await messageEvents()).toBe(before);
    // The same title as UTF-8 is stored as sent.
    const good = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie, 'content-type': 'application/json' }, payload: Buffer.from('{"title":"Café"}') });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().title).toBe('Café');
  });

  it('should serve the web app and fall back to index.html for client routes only', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const clientRoute = await t.app.inject({ method: 'GET', url: '/favorites/3?x=1' });
    expect(clientRoute.statusCode).toBe(200);
    expect(clientRoute.headers['content-type']).toMatch(/text\/html/);
    expect(clientRoute.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log("sointu")');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/favorites-not-built' });
    expect(api.json().error.kind).toBe('NotFound');
  });

  it('should send the compressed copy to a browser that takes it, and let it keep hashed assets but not the page', async () => {
    const compressed = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(zlib.gunzipSync(compressed.rawPayload).toString()).toBe('console.log("sointu")');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("sointu")');
    const page = await t.app.inject({ method: 'GET', url: '/todays-messages' });
    expect(page.headers['cache-control']).not.toContain('immutable');
  });
});
