import { z } from 'zod';

// The HTTP error contract (DOMAIN.md section 4), shared by the server and the browser.
export const errorKinds = {
  AccessDenied: { status: 403, message: 'Access denied' },
  NotFound: { status: 404, message: 'Query Received Data Not Found' },
  InvalidRequest: { status: 400, message: 'Invalid request' },
  ValidationError: { status: 400, message: 'Validation error' },
  Conflict: { status: 409, message: 'Conflict' },
  Unauthorized: { status: 401, message: 'Unauthorized' },
  PayloadTooLarge: { status: 413, message: 'Payload too large' },
  TooManyRequests: { status: 429, message: 'Too many requests' },
  InternalError: { status: 500, message: 'Internal error' },
  // A dependency the request needs (the mail server) did not answer: nothing was written, and the
  // same request may succeed later. DOMAIN.md section 4 names no kind for it; docs/security.md.
  ServiceUnavailable: { status: 503, message: 'Service unavailable' },
} as const;
export type ErrorKind = keyof typeof errorKinds;

export const ValidationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ErrorResponse = z.object({
  error: z.object({
    kind: z.enum(Object.keys(errorKinds) as [ErrorKind, ...ErrorKind[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
