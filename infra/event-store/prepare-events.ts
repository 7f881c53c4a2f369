import { z } from 'zod';
import { eventCatalogue, SointuEvent, type EventType } from '../../schemas/events/index.ts';
import type { ValidationIssue } from '../../schemas/api/errors.ts';
import { validationError } from '../errors.ts';
import type { AppendRequest, ExpectedVersion, NewEvent } from './event-store.ts';

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

// The bulk path checks thousands of envelopes per call; the common, valid one is recognised by
// hand (a lowercase uuid: a strict subset of what zod's z.uuid() accepts), and anything else goes
// to zod, which gives the verdict and the messages. Event data is always parsed by zod.
const LOWERCASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isPlainEnvelope = (id: unknown, metadata: NewEvent['metadata']) =>
  typeof id === 'string' &&
  LOWERCASE_UUID.test(id) &&
  (metadata === undefined ||
    (typeof metadata === 'object' &&
      metadata !== null &&
      !Array.isArray(metadata) &&
      Object.keys(metadata).every((key) => key === 'userId' || key === 'correlationId') &&
      (metadata.userId === undefined || Number.isSafeInteger(metadata.userId)) &&
      (metadata.correlationId === undefined || (typeof metadata.correlationId === 'string' && metadata.correlationId.length <= 200))));

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
    const events: PreparedEvent[] = [];
    request.events.forEach((event, i) => {
      let metadata = event.metadata;
      if (!isPlainEnvelope(event.id, metadata)) {
        const envelope = Envelope.safeParse({ id: event.id, metadata });
        if (!envelope.success) add(`${base}events.${i}`, envelope.error);
        metadata = envelope.data?.metadata;
      }
      const body = SointuEvent.safeParse({ type: event.type, data: event.data });
      if (!body.success) add(`${base}events.${i}`, body.error);
      if (issues.length > 0 || !body.success) return;
      events.push({
        id: event.id.toLowerCase(),
        type: body.data.type,
        schemaVersion: eventCatalogue[body.data.type].version,
        data: JSON.stringify(body.data.data),
        // Built field by field, so the stored text never depends on the caller's key order.
        metadata: metadata ? JSON.stringify({ userId: metadata.userId, correlationId: metadata.correlationId }) : '{}',
      });
    });
    return { stream: request.stream, expected: expected.success ? expected.data : 'any', events };
  });
  if (issues.length > 0) throw validationError(issues);
  return prepared;
}
