import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

// Issue 37: path ids were read with Number(), so /api/library/audio-files/0x10/active acted on
// audio file 16. Ids in paths and query strings are decimal digits, or a ValidationError: the
// schema refuses before any session is looked at, so the answers below come without logging in.

let t: TestApp;
beforeAll(async () => void (t = await buildTestApp()));
afterAll(() => t.close());

const routes: [method: 'GET' | 'POST' | 'PUT', path: (id: string) => string][] = [
  ['POST', (id) => `/api/library/audio-files/${id}/active`],
  ['GET', (id) => `/api/file/${id}`],
  ['PUT', (id) => `/api/messages/${id}`],
  ['GET', (id) => `/api/usage/${id}/2026-01-01/2026-01-31`],
  ['GET', (id) => `/api/usage-xlsx?userId=${id}&firstDay=2026-01-01&lastDay=2026-01-31`],
];

describe('ids in paths and query strings', () => {
  it.each(['0x10', '1e1', '016', '16.0', '%2016', '+16', '-0'])('should refuse %s as an id with ValidationError', async (id) => {
    for (const [method, path] of routes) {
      const response = await t.app.inject({ method, url: path(id), payload: method === 'GET' ? undefined : { active: true } });
      expect(response.statusCode, `${method} ${path(id)}: ${response.body}`).toBe(400);
      expect(response.json().error.kind, path(id)).toBe('ValidationError');
    }
  });

  it('should take 16 as 16: past validation, to the session check', async () => {
    for (const [method, path] of routes) {
      const response = await t.app.inject({ method, url: path('16'), payload: method === 'GET' ? undefined : { active: true } });
      expect(response.statusCode, `${method} ${path('16')}: ${response.body}`).toBe(401);
    }
  });
});
