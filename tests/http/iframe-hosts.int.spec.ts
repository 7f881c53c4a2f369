import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Issue 37 item 8: IFrame items framed any https page. Now only pages on the hosts the operator
// lists (IFRAME_HOSTS): another host is a ValidationError naming body.url when the item is added
// or changed (its url, or a Link changed into an IFrame), and GET /api/ gives the browser the list.
// With nothing listed (the default) no IFrame item is taken.

describe('IFrame items on the operator\'s hosts only', () => {
  let t: TestApp;
  let bare: TestApp;
  let runner: ProjectionRunner;
  let owner: TestUser;
  let cookie: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ config: { iframeHosts: ['maps.example.org', '*.kartta.example'] } });
    bare = await buildTestApp();
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    owner = await t.createUser({ config: { advancedMessaging: true } });
    cookie = { cookie: (await t.login(owner)).cookie };
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
    await bare?.close();
  });

  const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: cookie, payload });

  it('should take an IFrame item on a listed host and refuse any other, naming body.url', async () => {
    const message = (await call('POST', '/api/messages', { title: 'Frames' })).json<{ id: number }>();
    const add = (item: object) => call('POST', '/api/message-items', { messageId: message.id, ...item });
    for (const url of ['https://maps.example.org/embed?x=1', 'https://MAPS.example.org:8443/', 'https://a.kartta.example/', 'https://b.c.kartta.example/map']) {
      const answer = await add({ type: 'IFrame', url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
    for (const url of ['https://evil.example/', 'https://kartta.example/', 'https://maps.example.org.evil.example/', 'https://evilmaps.example.org/', 'https://xkartta.example/']) {
      const answer = await add({ type: 'IFrame', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.url', message: expect.stringContaining('IFRAME_HOSTS') }] });
    }
    // A link may point anywhere: only frames are limited.
    const link = await add({ type: 'Link', url: 'https://evil.example/' });
    expect(link.statusCode).toBe(200);
    const frame = (await add({ type: 'IFrame', url: 'https://maps.example.org/' })).json<{ id: number }>();

    await runner.waitUntilCaughtUp(20_000);
    const put = (id: number, change: object) => call('PUT', `/api/message-items/${id}`, change);
    const moved = await put(frame.id, { url: 'https://evil.example/' });
    expect(moved.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.url' }] });
    const turned = await put(link.json<{ id: number }>().id, { type: 'IFrame' });
    expect(turned.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.url' }] });
    expect((await put(frame.id, { url: 'https://x.kartta.example/' })).statusCode).toBe(200);
    expect((await put(frame.id, { iframeHeight: 700 })).statusCode).toBe(200);
  });

  it('should give the browser the list in GET /api/', async () => {
    const current = await t.app.inject({ method: 'GET', url: '/api/', headers: cookie });
    expect(current.json().iframeHosts).toEqual(['maps.example.org', '*.kartta.example']);
  });

  it('should take no IFrame item at all when the operator lists no hosts', async () => {
    const user = await bare.createUser();
    const headers = { cookie: (await bare.login(user)).cookie };
    const message = (await bare.app.inject({ method: 'POST', url: '/api/messages', headers, payload: { title: 'No frames' } })).json<{ id: number }>();
    const answer = await bare.app.inject({ method: 'POST', url: '/api/message-items', headers, payload: { messageId: message.id, type: 'IFrame', url: 'https://maps.example.org/' } });
    expect(answer.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.url' }] });
    expect((await bare.app.inject({ method: 'GET', url: '/api/', headers })).json().iframeHosts).toEqual([]);
  });
});
