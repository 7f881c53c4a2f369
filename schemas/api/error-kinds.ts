// The error kinds of the HTTP error contract (DOMAIN.md section 4) and the status and message each
// answers with. No zod here: the browser imports this at runtime (ARCHITECTURE.md, the browser
// shares the schemas' types, not their code).
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
