import { describe, expect, it } from 'vitest';
import { buildUrl, errorBodyOf, errorFromResponse } from './api-client.ts';

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

describe('errorBodyOf', () => {
  it('should read the kind, message and details of the error body', () => {
    const details = { fieldErrors: [{ path: 'name', message: 'Required' }] };
    expect(errorBodyOf({ error: { kind: 'ValidationError', message: 'Validation error', details } })).toEqual({ kind: 'ValidationError', message: 'Validation error', details });
  });
  it('should not take a kind the contract does not name, nor a body of another shape', () => {
    expect(errorBodyOf({ error: { kind: 'Teapot', message: 'I am a teapot' } })).toBeNull();
    expect(errorBodyOf({ error: { kind: 'toString', message: 'inherited, not a kind' } })).toBeNull();
    expect(errorBodyOf({ error: { kind: 'NotFound' } })).toBeNull();
    expect(errorBodyOf({ error: 'NotFound' })).toBeNull();
    expect(errorBodyOf([{ error: { kind: 'NotFound', message: 'x' } }])).toBeNull();
    expect(errorBodyOf(null)).toBeNull();
  });
  it("should say 'Request failed' without a kind for a 4xx answer whose body is not the contract's", async () => {
    const error = await errorFromResponse(json(409, { error: { kind: 'Teapot', message: 'no' } }));
    expect(error.message).toBe('Request failed');
    expect(error.kind).toBeNull();
    expect(error.serverMessage).toBeNull();
  });
});

describe('buildUrl', () => {
  it('should leave out undefined parameters', () => {
    expect(buildUrl('/api/ping', { admin: undefined, lastSessionToken: 'a b' })).toBe('/api/ping?lastSessionToken=a+b');
    expect(buildUrl('/api/ping', {})).toBe('/api/ping');
  });
});
