import { describe, expect, it } from 'vitest';
import { buildUrl, errorFromResponse } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('errorFromResponse', () => {
  it("should report a server error as 'Internal error: {status}'", async () => {
    const error = await errorFromResponse(json(503, {}));
    expect(error.message).toBe('Internal error: 503');
    expect(error.kind).toBeNull();
  });
  it("should read the error kind and message of a 4xx answer and say 'Request failed'", async () => {
    const error = await errorFromResponse(json(403, { error: { kind: 'AccessDenied', message: 'Access denied' } }));
    expect(error.message).toBe('Request failed');
    expect(error.kind).toBe('AccessDenied');
    expect(error.serverMessage).toBe('Access denied');
  });
  it('should survive a 4xx answer that is not JSON', async () => {
    const error = await errorFromResponse(new Response('nope', { status: 400 }));
    expect(error.kind).toBeNull();
    expect(error.status).toBe(400);
  });
});

describe('buildUrl', () => {
  it('should leave out undefined parameters', () => {
    expect(buildUrl('/api/ping', { admin: undefined, lastSessionToken: 'a b' })).toBe('/api/ping?lastSessionToken=a+b');
    expect(buildUrl('/api/ping', {})).toBe('/api/ping');
  });
});
