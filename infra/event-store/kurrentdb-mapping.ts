import type { AppendStreamState, JSONEventData, Position } from '@kurrent/kurrentdb-client';
import { eventCatalogue, type EventType } from '../../schemas/events/index.ts';
import type { EventMetadata, ExpectedVersion, LogPosition, RecordedEvent } from './event-store.ts';
import type { PreparedEvent } from './prepare-events.ts';
import { sanitizeEventHtml } from './sanitize-on-read.ts';

// The pure half of the KurrentDB adapter: how our positions, versions and events map onto the
// client's, without a server, so it is unit-tested here (kurrentdb-mapping.unit.spec.ts).

/**
 * A $all position is a pair of byte offsets in KurrentDB's transaction file: `commit` (where the
 * commit record of the event's write lies) and `prepare` (where the event itself lies). $all is
 * ordered by commit, then prepare, exactly like our (transaction id, sequence) pair, so `commit`
 * becomes `tx` and `prepare` becomes `seq`, and `comparePositions` keeps the log order. Offsets
 * are bytes: a number is exact up to 2^53 (8 PiB of log), far beyond one care-home chain, and a
 * larger one is refused rather than rounded (a rounded checkpoint could skip an event).
 */
export function fromKurrentPosition(position: Position): LogPosition {
  const tx = Number(position.commit);
  const seq = Number(position.prepare);
  if (!Number.isSafeInteger(tx) || !Number.isSafeInteger(seq) || tx < 0 || seq < 0) {
    throw new Error(`KurrentDB position ${position.commit}/${position.prepare} does not fit a log position`);
  }
  return { tx, seq };
}

export const toKurrentPosition = (position: LogPosition): Position => ({ commit: BigInt(position.tx), prepare: BigInt(position.seq) });

/** Our expected version as the client's stream state: -1 ("before the first event") is no_stream. */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any' || expected === 'no_stream') return expected;
  return expected < 0 ? 'no_stream' : BigInt(expected);
}

/** The client's current state of a stream as our version (-1: no stream yet). */
export const fromStreamRevision = (revision: bigint | 'no_stream' | undefined): number => (typeof revision === 'bigint' ? Number(revision) : -1);

/** Whether a stream at `actual` satisfies `expected` (the check the server makes, for an append of nothing). */
export function satisfies(expected: ExpectedVersion, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  return expected === actual;
}

/**
 * What KurrentDB stores beside the event data. KurrentDB has no column for the schema version, so
 * it travels in the metadata with who and why; all values are strings (the multi-stream append of
 * KurrentDB 25.1 accepts nothing else, and it keeps one format for every path).
 */
interface StoredMetadata {
  schemaVersion: string;
  userId?: string;
  correlationId?: string;
}

export function toEventData(event: PreparedEvent): JSONEventData {
  const metadata = JSON.parse(event.metadata) as EventMetadata;
  const stored: StoredMetadata = { schemaVersion: String(event.schemaVersion) };
  if (metadata.userId !== undefined) stored.userId = String(metadata.userId);
  if (metadata.correlationId !== undefined) stored.correlationId = metadata.correlationId;
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: JSON.parse(event.data) as Record<string, unknown>,
    metadata: { ...stored },
  };
}

/** The client's recorded event, as far as the adapter reads it. */
export interface KurrentRecorded {
  streamId: string;
  id: string;
  isJson: boolean;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

/** Whether an event of $all is one of ours: not a system event ($...), JSON, of a type we know. */
export const isSointuEvent = (event: KurrentRecorded): boolean =>
  event.isJson && !event.type.startsWith('$') && !event.streamId.startsWith('$') && Object.hasOwn(eventCatalogue, event.type);

/**
 * Our recorded event. An event read from $all always carries its position; one read from a stream
 * may not (servers before 22.x leave it out there), and stream reads serve the deciders, which use
 * only stream versions: `withoutPosition` says what to put there (never used for $all).
 */
export function fromKurrentEvent(event: KurrentRecorded, withoutPosition?: LogPosition): RecordedEvent {
  const position = event.position ? fromKurrentPosition(event.position) : withoutPosition;
  if (!position) throw new Error(`KurrentDB event ${event.id} came without its $all position`);
  const stored = (event.metadata ?? {}) as Partial<StoredMetadata>;
  const metadata: EventMetadata = {};
  if (stored.userId !== undefined) metadata.userId = Number(stored.userId);
  if (stored.correlationId !== undefined) metadata.correlationId = stored.correlationId;
  const type = event.type as EventType;
  return {
    type,
    // HTML written before the one HTML policy is cleaned on the way out, as the Postgres store does.
    data: sanitizeEventHtml(type, event.data),
    id: event.id.toLowerCase(),
    schemaVersion: stored.schemaVersion !== undefined ? Number(stored.schemaVersion) : eventCatalogue[type].version,
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    position,
    metadata,
    recordedAt: event.created,
  } as RecordedEvent;
}
