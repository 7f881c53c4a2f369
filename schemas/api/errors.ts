import { z } from 'zod';

// The HTTP error contract (DOMAIN.md section 4), shared by the server and the browser. The kinds
// live in a file without zod, so the browser can check an error's kind without loading zod.
import { errorKinds, type ErrorKind } from './error-kinds.ts';

export { errorKinds, type ErrorKind };

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
