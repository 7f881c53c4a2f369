import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { errorKinds, type ErrorKind, type ErrorResponse, type ValidationIssue } from '../../schemas/api/errors.ts';
import { AppError } from '../../infra/errors.ts';

// The one mapping from errors to HTTP (DOMAIN.md section 4). Bad input is always a 4xx with an
// error kind; anything else is a 500 whose cause goes to the log and never to the client.

interface Answer {
  status: number;
  body: ErrorResponse;
}

const answer = (kind: ErrorKind, options: { status?: number; message?: string; details?: unknown } = {}): Answer => ({
  status: options.status ?? errorKinds[kind].status,
  body: {
    error: {
      kind,
      message: options.message ?? errorKinds[kind].message,
      ...(options.details === undefined ? {} : { details: options.details }),
    },
  },
});

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One issue per failing field, named like `body.username`; unknown fields are named one by one. */
export function issuesOf(context: string, issues: readonly SchemaIssue[]): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const base = [context, ...issue.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
    const unknownKeys = issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys) ? issue.params.keys : [];
    if (unknownKeys.length > 0) return unknownKeys.map((key) => ({ path: `${base}.${String(key)}`, message: 'Unknown field' }));
    return [{ path: base, message: issue.message ?? 'Invalid value' }];
  });
}

const zodIssues = (error: ZodError): ValidationIssue[] =>
  issuesOf(
    '',
    error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: { ...i } })),
  );

function isFastifyError(error: unknown): error is FastifyError & { statusCode: number } {
  return error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

const kindByStatus: Partial<Record<number, ErrorKind>> = { 401: 'Unauthorized', 403: 'AccessDenied', 404: 'NotFound', 409: 'Conflict' };

/**
 * Postgres (server and PGlite) refusing a value the request carried: a NUL byte or an invalid
 * character in text, an unparsable uuid, a number or date out of the column's range. Bad input,
 * so a 400, not a 500 (DOMAIN.md section 4), whichever query it reached.
 */
const invalidValueCodes = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

function isInvalidValueError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && invalidValueCodes.has(code);
}

/**
 * The database is restarting, failing over or out of reach: Postgres ending sessions (57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 still starting), connection failures (class 08, too many
 * connections 53300), or the socket refused, reset or cut. Or a disk is full (ENOSPC, EDQUOT, or
 * Postgres's 53100). Nothing is wrong with the request and its transaction did not commit, so
 * "come back in a moment", not a bug: 503 with Retry-After.
 */
const unavailableCodes = new Map<string, 'database' | 'disk'>([
  ...(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'] as const).map((code) => [code, 'database'] as const),
  ...(['ENOSPC', 'EDQUOT', '53100'] as const).map((code) => [code, 'disk'] as const),
]);
const unavailableMessages = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/** The dependency an error says is unavailable for now, or null when it says something else. */
function unavailableDependency(error: unknown): 'database' | 'disk' | null {
  if (!(error instanceof Error)) return null;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    const known = unavailableCodes.get(code);
    if (known) return known;
    if (code.startsWith('08')) return 'database';
  }
  if (unavailableMessages.test(error.message)) return 'database';
  // A refused connection surfaces as an AggregateError of one per address (IPv4 and IPv6).
  if (error instanceof AggregateError) return error.errors.map(unavailableDependency).find((d) => d !== null) ?? null;
  return null;
}

/** Seconds a client waits before it tries again after a dependency was unavailable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

export function toAnswer(error: unknown): Answer {
  if (error instanceof AppError) return answer(error.kind, { message: error.message, details: error.details });
  const dependency = unavailableDependency(error);
  if (dependency) return answer('ServiceUnavailable', { details: { dependency } });
  if (isInvalidValueError(error)) return answer('InvalidRequest', { details: { reason: 'A value in the request cannot be stored or compared' } });
  if (hasZodFastifySchemaValidationErrors(error)) {
    return answer('ValidationError', { details: issuesOf(error.validationContext ?? '', error.validation) });
  }
  if (error instanceof ZodError) return answer('ValidationError', { details: zodIssues(error) });
  if (isFastifyError(error) && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer('PayloadTooLarge', { details: { reason: 'Request body is too large' } });
    const kind = kindByStatus[error.statusCode] ?? 'InvalidRequest';
    return answer(kind, { status: error.statusCode, details: kind === 'InvalidRequest' ? { reason: error.message } : undefined });
  }
  return answer('InternalError');
}

/** Every refusal and failure in DOMAIN.md section 4's shape. Registered first: the others throw AppErrors. */
export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toAnswer(error);
      const dependency = unavailableDependency(error);
      if (dependency) {
        request.log.warn({ err: error, dependency }, `${dependency} unavailable`);
        void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      } else if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ kind: body.error.kind, status }, 'request refused');
      return reply.status(status).send(body);
    });
  },
  { name: 'error-handling', fastify: '5.x' },
);

/**
 * For Fastify's `frameworkErrors` option (errors raised before routing, such as FST_ERR_BAD_URL for
 * '/api/file/%ED%A0%80'): without it Fastify answers them in its own shape, not DOMAIN.md's.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toAnswer(error);
  request.log.info({ kind: body.error.kind, status, code: error.code }, 'request refused');
  void reply.status(status).send(body);
}

/**
 * For Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any request exists
 * (headers over its 16 kB: 431; a malformed request line: 400) is answered in DOMAIN.md's shape,
 * not Fastify's own. A connection already gone gets nothing.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const { status, body } = answer('InvalidRequest', tooLarge ? { status: 431, details: { reason: 'Request header fields are too large' } } : { details: { reason: 'Malformed HTTP request' } });
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  const { status, body } = answer('NotFound');
  return reply.status(status).send(body);
}
