import type { ErrorResponse } from '../../schemas/api/errors.ts';
import { errorKinds, type ErrorKind } from '../../schemas/api/error-kinds.ts';
import { fetchOrEarly } from './early-request.ts';

// One fetch path for every API call (spec 1 sections 7 and 8): JSON in and out, same-origin
// credentials, the bearer token when one is set. An answer is typed, not parsed: the server
// validates and serialises every answer through its zod schema (server/http/zod.ts) and refuses to
// send one that does not match, so zod stays out of the browser's first load (ARCHITECTURE.md).

const tokenKey = 'sointu.jwt';

export function setBearerToken(token: string | null): void {
  if (token) localStorage.setItem(tokenKey, token);
  else localStorage.removeItem(tokenKey);
}

export function bearerToken(): string | null {
  return localStorage.getItem(tokenKey);
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ErrorKind | null,
    readonly serverMessage: string | null,
    /** The error's details as the server sent them (ValidationError's fields, TooManyRequests' retryAfterSeconds). */
    readonly details: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `{error: {kind, message, details?}}` body of DOMAIN.md section 4, or null for anything else. */
export function errorBodyOf(body: unknown): ErrorResponse['error'] | null {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.kind !== 'string' || typeof error.message !== 'string') return null;
  if (!Object.hasOwn(errorKinds, error.kind)) return null;
  return { kind: error.kind as ErrorKind, message: error.message, details: error.details };
}

/** The ApiError of a refusal (4xx) whose body the server sent; 'Request failed' with its kind when the body is the spec's. */
export function refusalError(status: number, body: unknown): ApiError {
  console.warn('Request failed', status, body);
  const error = errorBodyOf(body);
  return error
    ? new ApiError('Request failed', status, error.kind, error.message, error.details ?? null)
    : new ApiError('Request failed', status, null, null);
}

/** Turns a non-OK answer into the spec's error: 5xx 'Internal error: {status}', else 'Request failed'. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  if (response.status >= 500 || response.status < 400) {
    return new ApiError(`Internal error: ${response.status}`, response.status, null, null);
  }
  const body: unknown = await response.json().catch(() => null);
  return refusalError(response.status, body);
}

/**
 * Sends the request and answers its JSON body as `T`, the type of the route's response schema
 * (`import type` it from schemas/api). An empty body answers undefined.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = bearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetchOrEarly(buildUrl(path, options.query), {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await errorFromResponse(response);
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
