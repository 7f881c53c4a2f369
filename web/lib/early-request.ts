// The session's GET /api/ started by index.html's inline script before the entry script has even
// loaded (tools/build/first-load-hints.ts), so a cold load waits for the answer alongside the
// scripts instead of after them. The app's first API call takes that answer when it asks for the
// same thing with the same credentials; any other first call (a login, a start-up parameter)
// leaves it unused, since its answer may no longer hold.

/** The window property the inline script sets. */
export const earlyRequestGlobal = '__sointuEarlyRequest';
/** What the inline script asks for: the session (web/features/auth/api/get-current-user.ts). */
export const earlySessionUrl = '/api/';

interface EarlyRequest {
  url: string;
  /** The Authorization header the script sent (the stored bearer token), or null. */
  authorization: string | null;
  response: Promise<Response>;
}

function isEarlyRequest(value: unknown): value is EarlyRequest {
  if (typeof value !== 'object' || value === null) return false;
  const early = value as Partial<EarlyRequest>;
  return typeof early.url === 'string' && (early.authorization === null || typeof early.authorization === 'string') && early.response instanceof Promise;
}

function takeGlobal(): EarlyRequest | undefined {
  if (typeof window === 'undefined') return undefined;
  const value: unknown = Reflect.get(window, earlyRequestGlobal);
  Reflect.deleteProperty(window, earlyRequestGlobal);
  return isEarlyRequest(value) ? value : undefined;
}

let pending: EarlyRequest | undefined = takeGlobal();

/** For tests: what the inline script would have left (undefined clears it). */
export function setEarlyRequest(early: EarlyRequest | undefined): void {
  pending = early;
}

/**
 * fetch, except that the first call takes the early request when it is the same GET with the same
 * Authorization header and no abort signal. Only the first call: by the second the session may
 * have changed.
 */
export function fetchOrEarly(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
  const early = pending;
  pending = undefined;
  const same = early !== undefined && early.url === url && (init.method ?? 'GET') === 'GET' && !init.signal && early.authorization === (init.headers?.Authorization ?? null);
  return same ? early.response : fetch(url, init);
}
