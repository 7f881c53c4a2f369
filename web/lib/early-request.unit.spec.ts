import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOrEarly, setEarlyRequest } from './early-request.ts';

// A real server answers what the early request does not: each answer names the request it got.
let server: http.Server;
let origin = '';
beforeAll(async () => {
  server = http.createServer((request, response) => response.end(`server ${request.method} ${request.url} ${request.headers.authorization ?? '-'}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const early = (url: string, authorization: string | null) => ({ url, authorization, response: Promise.resolve(new Response('early')) });
const text = async (response: Promise<Response>) => (await response).text();

describe('the early session request', () => {
  it('should answer the first call that asks for the same with the same token, and only that one', async () => {
    setEarlyRequest(early(`${origin}/api/`, 'Bearer a'));
    expect(await text(fetchOrEarly(`${origin}/api/`, { method: 'GET', headers: { Authorization: 'Bearer a' } }))).toBe('early');
    expect(await text(fetchOrEarly(`${origin}/api/`, { method: 'GET', headers: { Authorization: 'Bearer a' } }))).toBe('server GET /api/ Bearer a');
  });

  it('should be dropped by a first call with another token, path or method (a login changes the session)', async () => {
    setEarlyRequest(early(`${origin}/api/`, null));
    expect(await text(fetchOrEarly(`${origin}/api/`, { method: 'GET', headers: { Authorization: 'Bearer new' } }))).toBe('server GET /api/ Bearer new');
    expect(await text(fetchOrEarly(`${origin}/api/`, { method: 'GET', headers: {} }))).toBe('server GET /api/ -');
    setEarlyRequest(early(`${origin}/api/`, null));
    expect(await text(fetchOrEarly(`${origin}/api/login`, { method: 'POST', headers: {} }))).toBe('server POST /api/login -');
    expect(await text(fetchOrEarly(`${origin}/api/`, { headers: {} }))).toBe('server GET /api/ -');
    setEarlyRequest(early(`${origin}/api/`, null));
    expect(await text(fetchOrEarly(`${origin}/api/?time=2026-01-01T00:00:00Z`, { headers: {} }))).toBe('server GET /api/?time=2026-01-01T00:00:00Z -');
  });
});
