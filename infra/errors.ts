import { errorKinds, type ErrorKind, type ValidationIssue } from '../schemas/api/errors.ts';

// One error family for commands, queries and infrastructure; `server/http/error-handler.ts` is the
// only place that turns it into an HTTP answer.
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string = errorKinds[kind].message,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = kind;
  }
}

export const accessDenied = (message?: string) => new AppError('AccessDenied', message);
export const notFound = (message?: string) => new AppError('NotFound', message);
export const invalidRequest = (message?: string, details?: unknown) => new AppError('InvalidRequest', message, details);
export const validationError = (issues: ValidationIssue[]) => new AppError('ValidationError', undefined, issues);
export const unauthorized = (message?: string) => new AppError('Unauthorized', message);
export const conflict = (message: string, details?: unknown) => new AppError('Conflict', message, details);
export const serviceUnavailable = (message?: string, details?: unknown) => new AppError('ServiceUnavailable', message, details);
