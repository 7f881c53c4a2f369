import type { z } from 'zod';
import { ErrorResponse, type ErrorKind } from '../../schemas/api/errors.ts';
import { fetchOrEarly } from './early-request.ts';

// One fetch path for every API call (spec 1 sections 7 and 8): JSON in and out, same-origin
// credentials, the bearer token when one is set, answers checked against their schema.

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

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | undefined>;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Turns a non-OK answer into the spec's error: 5xx 'Internal error: {status}', else 'Request failed'. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  if (response.status >= 500 || response.status < 400) {
    return new ApiError(`Internal error: ${response.status}`, response.status, null, null);
  }
  const body: unknown = await response.json().catch(() => null);
  console.warn('Request failed', response.status, body);
  const parsed = ErrorResponse.safeParse(body);
  return parsed.success
    ? new ApiError('Request failed', response.status, parsed.data.error.kind, parsed.data.error.message, parsed.data.error.details ?? null)
    : new ApiError('Request failed', response.status, null, null);
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
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
  const parsed = options.schema.safeParse(text === '' ? undefined : JSON.parse(text));
  if (!parsed.success) {
    console.warn(`Validation error: ${method} ${path}`, parsed.error.issues);
    throw new ApiError(`Validation error: ${method} ${path}`, response.status, 'ValidationError', null);
  }
  return parsed.data;
}
