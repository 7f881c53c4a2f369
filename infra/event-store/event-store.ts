import type { EventType, SointuEvent } from '../../schemas/events/index.ts';

// The event store contract. The Postgres implementation (server and PGlite) is the default; an
// EventStoreDB/KurrentDB adapter implements the same interface, and a Kafka transport can feed
// the projection runner through `GlobalLog`, so projectors never see which one is underneath.

/** Where a reader is in the global log. Postgres: (transaction id, sequence), ordered as a pair. */
export interface LogPosition {
  readonly tx: number;
  readonly seq: number;
}
export const LOG_START: LogPosition = { tx: 0, seq: 0 };

export type ExpectedVersion = number | 'any' | 'no_stream';

export interface EventMetadata {
  /** Who caused it (the acting user), when known. */
  userId?: number;
  /** The request or command that caused it, for tracing. */
  correlationId?: string;
}

export type NewEvent<E extends SointuEvent = SointuEvent> = E & {
  /** uuid; derive it deterministically (uuid v5) from what identifies the fact, so retries are dropped. */
  id: string;
  metadata?: EventMetadata;
};

export type RecordedEvent<E extends SointuEvent = SointuEvent> = E & {
  id: string;
  schemaVersion: number;
  streamId: string;
  /** 0-based position of the event inside its stream. */
  streamVersion: number;
  /** Position in the global log; compare with `comparePositions`. */
  position: LogPosition;
  metadata: EventMetadata;
  recordedAt: Date;
};

export interface AppendRequest {
  stream: string;
  events: readonly NewEvent[];
  /** Default 'any'. A number is the version of the stream's last event (-1 before the first). */
  expected?: ExpectedVersion;
}

export interface AppendResult {
  /** Version of the stream's last event after the append (-1 if the stream is still empty). */
  nextExpectedVersion: number;
  /** Events actually stored; duplicates of already stored event ids are skipped. */
  appended: number;
}

export interface GlobalLog {
  /** Events strictly after `after`, in global order, at most `limit`; never skips a later-committed event. */
  readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]>;
  /** Calls `listener` after events may have been appended (in this process or another). */
  onAppended(listener: () => void): () => void;
  /**
   * A read sees every event committed before it began: nothing holds a committed event back (no
   * other transaction can be running on PGlite's one connection; a Postgres server's readers stop
   * below its oldest running transaction, which may end without a notice).
   */
  readonly readsEveryCommit?: boolean;
  /** How many events lie after `after`, the recorded time of the oldest of them (for lag) and the position of the newest. */
  backlog(after: LogPosition): Promise<{ events: number; oldestRecordedAt: Date | null; newest: LogPosition | null }>;
}

export interface EventStore extends GlobalLog {
  /** Appends to one stream atomically; Conflict on a stale expected version. */
  append(stream: string, events: readonly NewEvent[], expected?: ExpectedVersion): Promise<AppendResult>;
  /** Appends to many streams in one transaction: all or nothing (the bulk path for usage logs). */
  appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]>;
  readStream(stream: string, options?: { fromVersion?: number; limit?: number }): Promise<RecordedEvent[]>;
  /**
   * The stored event with this id, or null: how a retry finds what its first try made (an
   * idempotent create whose stream is not known before) and what an operator parks.
   */
  findEvent(id: string): Promise<RecordedEvent | null>;
  /** Catch-up from `after`, then live; batches are delivered in order, one at a time. */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

export interface SubscribeOptions {
  after: LogPosition;
  batchSize?: number;
  /** Only these types are delivered (positions still advance past the others). */
  types?: readonly EventType[];
  onBatch(events: RecordedEvent[], lastPosition: LogPosition): Promise<void>;
  onError?(error: unknown): void;
}

export interface Subscription {
  readonly position: LogPosition;
  stop(): Promise<void>;
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  return a.tx !== b.tx ? a.tx - b.tx : a.seq - b.seq;
}
export const formatPosition = (p: LogPosition): string => `${p.tx}/${p.seq}`;
export function parsePosition(text: string): LogPosition {
  const [tx, seq] = text.split('/').map(Number);
  return { tx: tx ?? 0, seq: seq ?? 0 };
}
