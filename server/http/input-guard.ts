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
// overflow (500) in a validator that recurses. Before that, a JSON or text body whose bytes are not
// UTF-8 is a ValidationError too (decodeUtf8Body).

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

/** Fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A JSON or text body as text, refused (ValidationError naming the body) unless its bytes are
 * UTF-8: Fastify's own parsers decode leniently, so a Latin-1 "é" or a surrogate's bytes would be
 * stored as U+FFFD, silently changing what was sent. JSON is UTF-8 (RFC 8259), whatever charset
 * the Content-Type names.
 */
export function decodeUtf8Body(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw validationError([{ path: 'body', message: 'Not UTF-8' }]);
  }
}

type Done = (error: Error | null, body?: unknown) => void;

/** Fastify's JSON and text parsers (same body limit, same __proto__ and constructor refusals), behind the UTF-8 check. */
function strictUtf8Parsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error') as (request: unknown, body: string, done: Done) => void;
  const text = (_request: unknown, body: string, done: Done) => done(null, body);
  app.removeContentTypeParser(['application/json', 'text/plain']);
  for (const [type, parse] of [['application/json', json], ['text/plain', text]] as const) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (request, body: Buffer, done) => {
      let decoded: string;
      try {
        decoded = decodeUtf8Body(body);
      } catch (error) {
        done(error as Error, undefined);
        return;
      }
      parse(request, decoded, done);
    });
  }
}

export const inputGuard = fp(
  async (app: FastifyInstance) => {
    strictUtf8Parsers(app);
    app.addHook('preValidation', async (request) => {
      guardRawQuery(request.raw.url ?? '');
      for (const [context, of] of parts) guardInput(context, of(request));
    });
  },
  { name: 'input-guard', dependencies: ['error-handling'], fastify: '5.x' },
);
