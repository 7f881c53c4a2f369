import type { Sql } from '../sql/sql.ts';
import { appendInTransaction, EVENT_ID_CONSTRAINT } from './append-in-transaction.ts';
import { appendInOneStatement, fitsOneStatement } from './append-one-statement.ts';
import type { AppendRequest, EventStore, LogPosition, RecordedEvent } from './event-store.ts';
import { ensureEventStoreSchema } from './event-store-schema.ts';
import { isSuspectJson, sanitizeEventData, sanitizeEventHtml } from './sanitize-on-read.ts';
import { prepareRequests, type PreparedRequest } from './prepare-events.ts';
import { startSubscription } from './subscription.ts';

// The default event store: one implementation for a Postgres server (`pg`) and PGlite.

export const EVENTS_CHANNEL = 'sointu_events';

export interface PostgresEventStoreOptions {
  /** Longest time a live subscriber waits without a notice (default 500 ms). */
  pollMs?: number;
}

export type PostgresEventStore = EventStore & {
  /** Creates the tables if missing; safe to run from several processes at once. */
  setup(): Promise<void>;
};

// Each event comes back as ONE json text column, parsed by one JSON.parse: PGlite's protocol
// reader copies and decodes every field of a row on its own, which made ten columns cost about
// four times as much to read (tests/bench/warehouse.bench.ts, docs/benchmarks.md).
const eventJson = `json_build_array(transaction_id::text::bigint, global_position, event_id, stream_id, stream_version, type,
  schema_version, data, metadata, recorded_at)::text AS e`;

type EventTuple = [number, number, string, string, number, string, number, unknown, RecordedEvent['metadata'], string];

// Rows come from our own table, written only after validation, so the shape is trusted here; data
// written before the safe schemas existed is repaired on the way out (sanitize-on-read.ts).
function toRecorded({ e }: { e: string }): RecordedEvent {
  const [tx, seq, id, streamId, streamVersion, type, schemaVersion, stored, metadata, recordedAtText] = JSON.parse(e) as EventTuple;
  const recordedAt = new Date(recordedAtText);
  const repaired = isSuspectJson(e) ? sanitizeEventData(stored, recordedAt.toISOString()) : stored;
  const data = sanitizeEventHtml(type, repaired);
  return { type, data, id, schemaVersion, streamId, streamVersion, position: { tx, seq }, metadata, recordedAt } as RecordedEvent;
}

const errorOf = (error: unknown) => (error ?? {}) as { code?: string; constraint?: string };
// An id already stored: a retry (maybe racing its first attempt). Postgres names the constraint;
// PGlite may not, and events.event_id is the only unique key an append can hit by id.
const isStoredId = (error: unknown) => errorOf(error).code === '23505' && [EVENT_ID_CONSTRAINT, undefined].includes(errorOf(error).constraint);
const isDeadlock = (error: unknown) => errorOf(error).code === '40P01';

/**
 * Runs `send` now, or once more after the run in flight and `gapMs` after that run began: many
 * calls meanwhile make one run.
 */
function coalesced(send: () => Promise<unknown>, gapMs: number): () => void {
  const state = { sending: false, again: false };
  const run = async () => {
    state.sending = true;
    do {
      state.again = false;
      const started = Date.now();
      // A lost notice costs a poll, never an event: nothing to do but go on.
      await send().catch(() => undefined);
      const rest = gapMs - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest).unref());
    } while (state.again);
    state.sending = false;
  };
  return () => {
    if (state.sending) state.again = true;
    else void run();
  };
}

/**
 * At most one notice per this many ms (after a quiet moment the first goes at once). A NOTIFY is
 * a transaction of its own with a WAL flush at its commit: one after nearly every append cost a
 * fifth of the single-event appends per second with 8 writers on a server (3,312 against 4,013
 * without notices, docs/benchmarks.md). Other processes hear of appends up to this much later.
 */
const NOTIFY_GAP_MS = 10;

/** The event stores of each PGlite database in this process, by the wake-up each listens with. */
const pgliteStores = new WeakMap<Sql, Set<() => void>>();
const storesOf = (sql: Sql): Set<() => void> => {
  let stores = pgliteStores.get(sql);
  if (!stores) pgliteStores.set(sql, (stores = new Set()));
  return stores;
};

export function createPostgresEventStore(sql: Sql, options: PostgresEventStoreOptions = {}): PostgresEventStore {
  const listeners = new Set<() => void>();
  const notifyLocal = () => listeners.forEach((listener) => listener());
  // This store's own listeners hear of an append once the caller has had its answer: on PGlite
  // the projectors' reads it wakes run on the thread that would otherwise write that answer, so
  // a command's reply waited for the projection of its own write (issue 21 item 2). Appends of
  // one turn of the event loop wake them once.
  let wakePending = false;
  const wakeSoon = () => {
    if (wakePending) return;
    wakePending = true;
    setImmediate(() => {
      wakePending = false;
      notifyLocal();
    });
  };
  let stopListening: Promise<() => Promise<void>> | undefined;
  // Other processes hear of appends through NOTIFY; this store's own listeners are called
  // directly, without waiting for the round trip.
  // The NOTIFY is sent after the append commits, never inside it: a transaction that notifies
  // holds Postgres's one notification-queue lock through its commit, so with it inside, concurrent
  // appends committed one fsync after another (a quarter of the throughput with 8 writers,
  // docs/benchmarks.md). Notices are coalesced: one in flight, at most one more after it, at
  // most one per NOTIFY_GAP_MS. A process that dies between a commit and its notice costs the
  // others one poll (pollMs).
  // On PGlite every store of the database is in this process (one process opens it at a time), so
  // they tell each other directly: a NOTIFY would be a statement on the one thread that serves
  // everything, and the store would hear its own append a second time.
  const neighbours = sql.kind === 'pglite' ? storesOf(sql) : undefined;
  const notifyOthers = neighbours
    ? () => neighbours.forEach((neighbour) => neighbour !== notifyLocal && setImmediate(neighbour))
    : coalesced(() => sql.query("SELECT pg_notify($1, '')", [EVENTS_CHANNEL]), NOTIFY_GAP_MS);

  // Counting a backlog (the operator's projections panel, every 5 s, once per projector) goes
  // through the index only when the planner has statistics of the log; without them it guesses a
  // third of the table and scans all of it (10 s at 10M events). PGlite runs no autovacuum, and a
  // server's first analyze of a log that grew from nothing waits for autovacuum_naptime (a minute):
  // in the lag bench's first minute every count scanned the whole log, 0.6-0.9 s each under the
  // load (docs/benchmarks.md, 2026-11-30). So the store analyzes as autovacuum would, after the log
  // grew by a tenth (at least 10,000 events) through it, and at setup on PGlite.
  const analyzed = { rows: 0, since: 0, running: false };
  async function readRowCount() {
    const [row] = await sql.query<{ rows: number }>(`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = 'events'`);
    analyzed.rows = Math.max(0, Number(row?.rows ?? 0));
  }
  async function analyze() {
    analyzed.running = true;
    try {
      await sql.query('ANALYZE events');
      await readRowCount();
    } finally {
      analyzed.running = false;
    }
  }
  function analyzeIfGrown(appended: number) {
    analyzed.since += appended;
    if (analyzed.running || analyzed.since < Math.max(10_000, analyzed.rows / 10)) return;
    analyzed.since = 0;
    void analyze().catch(() => undefined);
  }

  // Most appends carry only new events, so the first attempt skips looking up stored ids and lets
  // the unique index catch a retry; the next attempt then looks them up and skips them. A first
  // attempt of a few events to one stream is one statement (append-one-statement.ts); when its
  // version check fails, the full path decides between a retry and a conflict.
  async function write(requests: PreparedRequest[]) {
    let lookForStored = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const fast = !lookForStored && fitsOneStatement(requests);
        const result = fast ? await appendInOneStatement(sql, requests[0]!) : null;
        if (fast && !result) lookForStored = true;
        const results = result ? [result] : await sql.transaction((tx) => appendInTransaction(tx, requests, { lookForStored }));
        if (results.some((r) => r.appended > 0)) {
          wakeSoon();
          notifyOthers();
        }
        analyzeIfGrown(results.reduce((n, r) => n + r.appended, 0));
        return results;
      } catch (error) {
        if (attempt >= 4 || !(isStoredId(error) || isDeadlock(error))) throw error;
        lookForStored ||= isStoredId(error);
      }
    }
  }

  async function readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]> {
    // Only transactions older than every running one are read: their events can no longer be
    // joined by an event with a lower position, so the reader never moves past a gap that fills later.
    // The price: a long transaction anywhere on the server delays readers (it never loses events).
    const rows = await sql.query<{ e: string }>(
      `SELECT ${eventJson} FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      [String(after.tx), after.seq, limit],
    );
    return rows.map(toRecorded);
  }

  const store: PostgresEventStore = {
    async setup() {
      await ensureEventStoreSchema(sql);
      // A server's log keeps the statistics of its last analyze; a tenth of its size is counted from there.
      await (sql.kind === 'pglite' ? analyze() : readRowCount());
    },

    async append(stream, events, expected = 'any') {
      const [result] = await write(prepareRequests([{ stream, events, expected }], () => ''));
      return result!;
    },

    async appendMany(requests: readonly AppendRequest[]) {
      if (requests.length === 0) return [];
      return write(prepareRequests(requests, (r) => `requests.${r}.`));
    },

    async readStream(stream, { fromVersion = 0, limit = 10_000 } = {}) {
      const rows = await sql.query<{ e: string }>(
        `SELECT ${eventJson} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
        [stream, fromVersion, limit],
      );
      return rows.map(toRecorded);
    },

    async findEvent(id) {
      const rows = await sql.query<{ e: string }>(`SELECT ${eventJson} FROM events WHERE event_id = $1::uuid`, [id]);
      return rows[0] ? toRecorded(rows[0]) : null;
    },

    readAll,
    readsEveryCommit: sql.kind === 'pglite',

    onAppended(listener) {
      listeners.add(listener);
      if (neighbours) neighbours.add(notifyLocal);
      else stopListening ??= sql.listen(EVENTS_CHANNEL, notifyLocal);
      return () => void listeners.delete(listener);
    },

    async backlog(after) {
      const [row] = await sql.query<{ events: number | string; oldest: Date | null; newest: string | null }>(
        `SELECT count(*) AS events, min(recorded_at) AS oldest,
                (SELECT transaction_id::text || ' ' || global_position FROM events
                  ORDER BY transaction_id DESC, global_position DESC LIMIT 1) AS newest
           FROM events
          WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
        [String(after.tx), after.seq],
      );
      const events = Number(row?.events ?? 0);
      const [tx, seq] = (row?.newest ?? '').split(' ').map(Number);
      return { events, oldestRecordedAt: row?.oldest ?? null, newest: events > 0 ? { tx: tx!, seq: seq! } : null };
    },

    subscribe: (subscribeOptions) => startSubscription(store, subscribeOptions, { pollMs: options.pollMs ?? 500, retryMs: 1000 }),

    async close() {
      listeners.clear();
      neighbours?.delete(notifyLocal);
      const stop = await stopListening?.catch(() => undefined);
      await stop?.();
      stopListening = undefined;
    },
  };
  return store;
}
