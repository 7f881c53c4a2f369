import { z } from 'zod';
import { eventCatalogue, SointuEvent, type EventType } from '../../schemas/events/index.ts';
import type { ValidationIssue } from '../../schemas/api/errors.ts';
import { validationError } from '../errors.ts';
import type { AppendRequest, ExpectedVersion } from './event-store.ts';

// Events are checked once, at the door of the store, so nothing malformed ever enters the log
// and readers can trust every row.

const Envelope = z.object({
  id: z.uuid(),
  metadata: z.object({ userId: z.number().int().optional(), correlationId: z.string().max(200).optional() }).strict().optional(),
});
const Stream = z.string().min(1).max(200);
const Expected = z.union([z.number().int().min(-1), z.literal('any'), z.literal('no_stream')]);

export interface PreparedEvent {
  id: string;
  type: EventType;
  schemaVersion: number;
  /** JSON text, cast to jsonb in SQL. */
  data: string;
  metadata: string;
}

export interface PreparedRequest {
  stream: string;
  expected: ExpectedVersion;
  events: PreparedEvent[];
}

/** Validates every request; throws one ValidationError listing every failing field. */
export function prepareRequests(requests: readonly AppendRequest[], pathOf: (request: number) => string): PreparedRequest[] {
  const issues: ValidationIssue[] = [];
  const add = (prefix: string, error: z.ZodError) => {
    for (const issue of error.issues) issues.push({ path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'), message: issue.message });
  };
  const prepared = requests.map((request, r): PreparedRequest => {
    const base = pathOf(r);
    const stream = Stream.safeParse(request.stream);
    if (!stream.success) add(`${base}stream`, stream.error);
    const expected = Expected.safeParse(request.expected ?? 'any');
    if (!expected.success) add(`${base}expected`, expected.error);
    const events = request.events.flatMap((event, i): PreparedEvent[] => {
      const envelope = Envelope.safeParse({ id: event.id, metadata: event.metadata });
      const body = SointuEvent.safeParse({ type: event.type, data: event.data });
      if (!envelope.success) add(`${base}events.${i}`, envelope.error);
      if (!body.success) add(`${base}events.${i}`, body.error);
      if (!envelope.success || !body.success) return [];
      return [
        {
          id: envelope.data.id.toLowerCase(),
          type: body.data.type,
          schemaVersion: eventCatalogue[body.data.type].version,
          data: JSON.stringify(body.data.data),
          metadata: JSON.stringify(envelope.data.metadata ?? {}),
        },
      ];
    });
    return { stream: request.stream, expected: expected.success ? expected.data : 'any', events };
  });
  if (issues.length > 0) throw validationError(issues);
  return prepared;
}
