// API answers a cold first load needs, asked for by index.html's inline script before the entry
// script has even loaded (tools/build/first-load-hints.ts): the session's GET /api/ always, and
// the landing page's data on the paths where it is known. A cold load then waits for them
// alongside the scripts instead of after them. The app's API calls take such an answer when they
// ask for the same URL with the same credentials, each answer once and only while it is fresh; a
// login or a logout drops them all (the session store), since their answers no longer hold.

/** The window property the inline script sets: an array of EarlyRequest. */
export const earlyRequestGlobal = '__sointuEarlyRequests';
/** What the inline script always asks for: the session (web/features/auth/api/get-current-user.ts). */
export const earlySessionUrl = '/api/';
/** An early answer older than this (ms from its request) is not used: the user opened the page later. */
export const earlyAnswerMaxAgeMs = 10_000;

interface EarlyRequest {
  url: string;
  /** The Authorization header the script sent (the stored bearer token), or null. */
  authorization: string | null;
  /** performance.now() when the script asked. */
  at: number;
  response: Promise<Response>;
}

function isEarlyRequest(value: unknown): value is EarlyRequest {
  if (typeof value !== 'object' || value === null) return false;
  const early = value as Partial<EarlyRequest>;
  return (
    typeof early.url === 'string' &&
    (early.authorization === null || typeof early.authorization === 'string') &&
    typeof early.at === 'number' &&
    early.response instanceof Promise
  );
}

function takeGlobal(): EarlyRequest[] {
  if (typeof window === 'undefined') return [];
  const value: unknown = Reflect.get(window, earlyRequestGlobal);
  Reflect.deleteProperty(window, earlyRequestGlobal);
  return Array.isArray(value) ? value.filter(isEarlyRequest) : [];
}

let pending: EarlyRequest[] = takeGlobal();

/** For tests: what the inline script would have left. */
export function setEarlyRequests(requests: EarlyRequest[]): void {
  pending = [...requests];
}

/** The session changes (a login, a logout): the early answers were for the one before. */
export function dropEarlyRequests(): void {
  pending = [];
}

/** fetch, or the early answer to the same GET with the same Authorization header (taken once). */
export function fetchOrEarly(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
  if ((init.method ?? 'GET') !== 'GET') return fetch(url, init);
  const index = pending.findIndex((early) => early.url === url);
  if (index < 0) return fetch(url, init);
  const [early] = pending.splice(index, 1);
  const usable =
    early !== undefined &&
    !init.signal &&
    early.authorization === (init.headers?.Authorization ?? null) &&
    performance.now() - early.at < earlyAnswerMaxAgeMs;
  return usable ? early.response : fetch(url, init);
}
