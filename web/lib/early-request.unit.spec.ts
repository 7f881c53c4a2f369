import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropEarlyRequests, earlyAnswerMaxAgeMs, fetchOrEarly, setEarlyRequests } from './early-request.ts';

// A real server answers what the early requests do not: each answer names the request it got.
let server: http.Server;
let origin = '';
beforeAll(async () => {
  server = http.createServer((request, response) => response.end(`server ${request.method} ${request.url} ${request.headers.authorization ?? '-'}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const early = (path: string, authorization: string | null, at = performance.now()) => ({
  url: `${origin}${path}`,
  authorization,
  at,
  response: Promise.resolve(new Response(`early ${path}`)),
});
const get = async (path: string, authorization?: string) =>
  (await fetchOrEarly(`${origin}${path}`, { method: 'GET', headers: authorization ? { Authorization: authorization } : {} })).text();

describe('early API answers', () => {
  it('should answer each GET that asks for the same URL with the same token once, in any order, and fetch the rest', async () => {
    setEarlyRequests([early('/api/', 'Bearer a'), early('/api/todays-messages', 'Bearer a')]);
    expect(await get('/api/ping', 'Bearer a')).toBe('server GET /api/ping Bearer a');
    expect(await get('/api/todays-messages', 'Bearer a')).toBe('early /api/todays-messages');
    expect(await get('/api/', 'Bearer a')).toBe('early /api/');
    expect(await get('/api/', 'Bearer a')).toBe('server GET /api/ Bearer a');
  });

  it('should not answer another token, another query, a POST or a stale request, nor anything after a login or logout dropped them', async () => {
    setEarlyRequests([early('/api/', null), early('/api/todays-messages', null, performance.now() - earlyAnswerMaxAgeMs - 1)]);
    expect(await get('/api/', 'Bearer new')).toBe('server GET /api/ Bearer new');
    expect(await get('/api/todays-messages')).toBe('server GET /api/todays-messages -');
    setEarlyRequests([early('/api/', null)]);
    expect(await get('/api/?time=2026-01-01T00:00:00Z')).toBe('server GET /api/?time=2026-01-01T00:00:00Z -');
    expect(await (await fetchOrEarly(`${origin}/api/`, { method: 'POST', headers: {} })).text()).toBe('server POST /api/ -');
    expect(await get('/api/')).toBe('early /api/');
    setEarlyRequests([early('/api/', null)]);
    dropEarlyRequests();
    expect(await get('/api/')).toBe('server GET /api/ -');
  });
});
