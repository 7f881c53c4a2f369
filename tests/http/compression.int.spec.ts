import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

// server/http/compression.ts: a GET's answer from 1 KB up arrives compressed and decodes to the
// same answer; an answer that carries a credential (a login's, the session's own token) never does.

describe('compressed answers', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await buildTestApp();
    operator = (await t.login(await t.createUser({ operator: true }))).cookie;
  }, 120_000);
  afterAll(() => t?.close());

  const get = (url: string, encoding: string) => t.app.inject({ method: 'GET', url, headers: { cookie: operator, 'accept-encoding': encoding } });

  it('sends a large GET answer in brotli or gzip, as the browser accepts, and it decodes to the plain answer', async () => {
    const plain = await get('/api/openapi.json', 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('never compresses the answers that carry a credential', async () => {
    const user = await t.createUser();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      payload: { username: user.name, password: user.password, jwt: true },
    });
    expect(login.statusCode).toBe(200);
    expect(login.rawPayload.length).toBeGreaterThan(1024); // big enough to be compressed, were it allowed
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json().jwt).toEqual(expect.any(String));

    for (const url of ['/api/', '/api/ping']) {
      const answer = await get(url, 'br, gzip');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBeUndefined();
      expect(answer.json(), url).toHaveProperty('lastSessionToken');
    }
  });

  it('leaves small answers as they are', async () => {
    const small = await get('/api/settings', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
