import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLogBody } from '../../schemas/api/usage-log.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

// Issue 12, deliverable 3: a value no projector can take (a NUL byte, an unpaired UTF-16
// surrogate, a time in year 0000 or 9999) is refused at the edge with a 400 naming the field, and
// so is nesting deeper than any schema needs: never a 500, never an event.

const json = { 'content-type': 'application/json' };

describe('poison input at the edge', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await t.login(await t.createUser()));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | object, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, headers: { cookie, ...json }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  const logCount = async () => Number((await t.sql.query<{ n: number }>('SELECT count(*) AS n FROM events'))[0]!.n);

  it('should refuse a NUL byte or a lone surrogate in a string field with a ValidationError naming it', async () => {
    for (const title of ['a\u0000b', 'x\ud800', '\udc00y']) {
      const response = await post('/api/messages', { title });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.title' }] });
    }
    // JSON.parse turns the escape into the character itself: checked after parsing.
    const escaped = await post('/api/messages', '{"title":"ok\\ud83d"}');
    expect(escaped.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.title' }] });
    // A valid pair (an emoji) and ordinary awkward text are fine.
    const fine = await post('/api/messages', { title: 'Kahvi ☕ 😀 "quoted" \\ \t tab; DROP TABLE x; --' });
    expect(fine.statusCode).toBe(200);
  });

  it('should refuse usage-log data with a NUL byte, a lone surrogate or an insane time, and append nothing', async () => {
    const before = await logCount();
    const now = new Date().toISOString();
    const cases = [
      [{ page: 'search', time: now, query: 'a\u0000', musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false }, 'data.query'],
      [{ page: 'version', time: now, version: '1.0\ud800' }, 'data.version'],
      [{ page: 'buttonAction', time: now, button: 'b', params: { nested: { deeper: ['ok', 'bad\u0000'] } } }, 'data.params.nested'],
      [{ page: 'login', time: '0000-01-01T00:00:00Z' }, 'data.time'],
      [{ page: 'login', time: '9999-12-31T23:59:59Z' }, 'data.time'],
      [{ page: 'login', time: '1969-12-31T23:59:59Z' }, 'data.time'],
      [{ page: 'login', time: new Date(Date.now() + 3 * 86_400_000).toISOString() }, 'data.time'],
    ] as const;
    for (const [data, path] of cases) {
      const response = await post('/api/usage-log', usageLogBody(data as never));
      expect(response.statusCode, JSON.stringify(data)).toBe(400);
      expect(response.json().error.kind).toBe('ValidationError');
      expect(response.json().error.details[0].path).toContain(path);
    }
    expect(await logCount()).toBe(before);
  });

  it('should refuse a NUL byte or lone surrogate in an object key, a query parameter and a path parameter', async () => {
    const key = await post('/api/settings', '{"key":"resultsCount","value":"5","a\\u0000":1}', 'PUT');
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.a\\u0000' }] });
    const surrogateKey = await post('/api/settings', '{"key":"resultsCount","value":"5","\\udfff":1}', 'PUT');
    expect(surrogateKey.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.\\udfff' }] });
    const query = await t.app.inject({ method: 'GET', url: '/api/evaluations?startTime=x%00', headers: { cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'querystring.startTime' }] });
    const param = await t.app.inject({ method: 'GET', url: '/api/residents/1%00', headers: { cookie } });
    expect(param.statusCode).toBe(400);
    expect(param.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'params.id' }] });
  });

  it('should answer 400 InvalidRequest, not 500, for nesting 10,000 deep in any route', async () => {
    const deep = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    for (const [url, method] of [['/api/settings', 'PUT'], ['/api/messages', 'POST'], ['/api/get/residents', 'POST']] as const) {
      const response = await post(url, deep, method);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.kind).toBe('InvalidRequest');
    }
    // Nesting inside the usage log's data string is refused by the schema, also without a 500.
    const data = `{"page":"buttonAction","time":"${new Date().toISOString()}","button":"b","params":{"deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    const inner = await post('/api/usage-log', { data });
    expect(inner.statusCode).toBe(400);
  });

  it('should refuse poison events at the door of the store, whoever appends them', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const base = { userId: 1, clientTime: at, receivedAt: at };
    const id = '6f1c3a52-5a4e-4f55-9a2b-0d6e1c3a5201';
    await expect(t.store.append('usage-1', [{ id, type: 'SearchLogged', data: { ...base, query: 'x\u0000', categoryIds: [], musicPieces: false, musicCategories: false, audioPrograms: false, recipes: false } }])).rejects.toMatchObject({ kind: 'ValidationError' });
    await expect(t.store.append('usage-1', [{ id, type: 'ClientVersionReported', data: { ...base, clientTime: '9999-01-01T00:00:00Z', version: '1' } }])).rejects.toMatchObject({ kind: 'ValidationError' });
    await expect(t.store.append('usage-1', [{ id, type: 'ButtonActionLogged', data: { ...base, button: 'b', params: { ['k\ud800']: 1 } } }])).rejects.toMatchObject({ kind: 'ValidationError' });
  });
});
