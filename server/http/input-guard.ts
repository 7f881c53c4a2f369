import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isSafeText, maxJsonDepth, unsafeTextMessage } from '../../schemas/common/safe.ts';
import { invalidRequest, validationError } from '../../infra/errors.ts';

// The last line behind the route schemas (issue 12): every request schema uses SafeText, but some
// fields are free-form (a button's params, JSON object keys, query parameters a schema ignores),
// and a route added tomorrow may forget. So before any schema runs, the parsed body, query and
// path parameters are walked once: a NUL byte or an unpaired UTF-16 surrogate in any string or
// key is a ValidationError naming where it is (JSON.parse and percent-decoding both let them
// through), and nesting deeper than the schemas ever need is InvalidRequest, never a stack
// overflow (500) in a validator that recurses.

const parts = [
  ['body', (r: { body: unknown }) => r.body],
  ['querystring', (r: { query: unknown }) => r.query],
  ['params', (r: { params: unknown }) => r.params],
] as const;

/** Throws the AppError for the first unsafe string or key, or for nesting deeper than maxJsonDepth. */
export function guardInput(context: string, value: unknown): void {
  // Iterative, so a body nested 100,000 deep costs nothing but the refusal.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: context, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isSafeText(v)) throw validationError([{ path, message: unsafeTextMessage }]);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxJsonDepth) throw invalidRequest(undefined, { reason: `Nested deeper than ${maxJsonDepth} levels`, path });
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (const [key, item] of entries) {
      // The key is named safely too: the unsafe characters themselves never reach a log or answer.
      if (!isSafeText(key)) throw validationError([{ path: `${path}.${JSON.stringify(key).slice(1, -1)}`, message: unsafeTextMessage }]);
      stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
}

/**
 * A query string's percent-escapes must decode as UTF-8: the parser keeps an undecodable escape
 * (`%ED%A0%80`, a surrogate's bytes) as raw text, so a route whose schema ignores the parameter
 * would otherwise accept a malformed URL.
 */
export function guardRawQuery(url: string): void {
  const start = url.indexOf('?');
  if (start < 0) return;
  for (const pair of url.slice(start + 1).split('&')) {
    for (const part of pair.split('=')) {
      try {
        decodeURIComponent(part);
      } catch {
        throw validationError([{ path: 'querystring', message: 'Not percent-encoded UTF-8' }]);
      }
    }
  }
}

export const inputGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      guardRawQuery(request.raw.url ?? '');
      for (const [context, of] of parts) guardInput(context, of(request));
    });
  },
  { name: 'input-guard', dependencies: ['error-handling'], fastify: '5.x' },
);
