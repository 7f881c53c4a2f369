import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamSubscription,
} from '@kurrent/kurrentdb-client';
import { conflict } from '../errors.ts';
import { comparePositions, LOG_START, type AppendRequest, type AppendResult, type EventStore, type ExpectedVersion, type LogPosition, type RecordedEvent } from './event-store.ts';
import {
  fromKurrentEvent,
  fromStreamRevision,
  isSointuEvent,
  satisfies,
  toEventData,
  toKurrentPosition,
  toStreamState,
  type KurrentRecorded,
} from './kurrentdb-mapping.ts';
import { prepareRequests, type PreparedEvent, type PreparedRequest } from './prepare-events.ts';
import { startSubscription } from './subscription.ts';

// The event log in KurrentDB (or EventStoreDB 20+), with `EVENTSTORE_URL` a KurrentDB connection
// string (kurrentdb://host:2113?tls=false). Only the log lives there: read models, checkpoints,
// leases and everything else stay in Postgres/PGlite. Untested against a server on the build
// machine (no KurrentDB package): tests/infra/event-store.int.spec.ts runs the store's contract
// against it wherever EVENTSTORE_URL reaches one, and docs/operations.md ("KurrentDB") says what
// differs from the Postgres store.
//
// Differences from the Postgres store, all within the contract the product relies on:
// - Duplicate event ids are skipped per stream (KurrentDB's own idempotence, completed below), not
//   across streams: our ids are uuid v5 of what identifies the fact, stream included, so the same
//   id never targets two streams.
// - appendMany is atomic per request, not across requests (see appendMany).
// - $all has no gaps that fill later: KurrentDB's single writer gives each committed event a
//   position above every earlier one, so a reader may move past any event it has read.

export interface KurrentDbEventStoreOptions {
  /** Longest time a live subscriber waits without a notice (default 500 ms). */
  pollMs?: number;
}

/** A connected KurrentDB client, or what the tests give instead. */
export function connectKurrentDb(url: string): KurrentDBClient {
  return KurrentDBClient.connectionString(url);
}

const errorOf = (error: unknown) => error as { streamName?: string; actualState?: bigint | 'no_stream' };

/** How many of the newest events findEvent searches. */
const FIND_EVENT_WINDOW = 10_000;

/** The events of $all the product reads: system events ($...) are left out on the server. */
const ourEvents = () => excludeSystemEvents();

function uniqueById(events: readonly PreparedEvent[]): PreparedEvent[] {
  const seen = new Set<string>();
  return events.filter((event) => !seen.has(event.id) && seen.add(event.id));
}

export function createKurrentDbEventStore(client: KurrentDBClient, options: KurrentDbEventStoreOptions = {}): EventStore {
  const listeners = new Set<() => void>();
  const notifyLocal = () => listeners.forEach((listener) => listener());
  let live: AllStreamSubscription | undefined;

  async function readStreamEvents(stream: string, fromVersion: number, limit: number): Promise<KurrentRecorded[]> {
    const events: KurrentRecorded[] = [];
    try {
      for await (const resolved of client.readStream(stream, { fromRevision: BigInt(fromVersion), maxCount: limit, direction: FORWARDS })) {
        if (resolved.event) events.push(resolved.event as KurrentRecorded);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  }

  /** The version of the stream's last event (-1: no stream). */
  async function currentVersion(stream: string): Promise<number> {
    try {
      for await (const resolved of client.readStream(stream, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return -1;
  }

  const stale = (stream: string, expected: ExpectedVersion, actual: number) =>
    conflict(`Stream ${stream} is at version ${actual}, expected ${expected}`, { stream, expected, actual });

  /**
   * After the server refused the expected version: which of the events does the stream hold
   * already (a retry, perhaps only partly through), and may the rest still go? KurrentDB answers
   * a whole repeat of an earlier append with success, but a partial repeat, or a repeat with a
   * later expected version, as a wrong expected version: the events after the caller's version
   * tell which. Only when every one of them is the caller's own is it a retry; anything else
   * written there first is a Conflict, as on Postgres.
   */
  async function afterRefusal(stream: string, expected: ExpectedVersion, events: PreparedEvent[]) {
    const from = typeof expected === 'number' ? expected + 1 : 0;
    const after = await readStreamEvents(stream, from, Number.MAX_SAFE_INTEGER);
    const actual = after.length > 0 ? Number(after.at(-1)!.revision) : await currentVersion(stream);
    const ours = new Set(events.map((e) => e.id));
    const stored = new Set(after.map((e) => e.id.toLowerCase()));
    const rest = events.filter((e) => !stored.has(e.id));
    const onlyOurs = after.every((e) => ours.has(e.id.toLowerCase()));
    if (rest.length > 0 && expected !== 'any' && !(onlyOurs && after.length > 0)) throw stale(stream, expected, actual);
    return { rest, actual };
  }

  async function appendPrepared(request: PreparedRequest): Promise<AppendResult> {
    const { stream } = request;
    let events = uniqueById(request.events);
    let expected = request.expected;
    if (events.length === 0) {
      const actual = await currentVersion(stream);
      if (!satisfies(expected, actual)) throw stale(stream, expected, actual);
      return { nextExpectedVersion: actual, appended: 0 };
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await client.appendToStream(stream, events.map(toEventData), { streamState: toStreamState(expected) });
        // KurrentDB answers a repeat of an append it already holds with success and no position
        // (its idempotent write commits nothing); a new write has the position it took in $all.
        const appended = result.position ? events.length : 0;
        if (appended > 0) notifyLocal();
        return { nextExpectedVersion: Number(result.nextExpectedRevision), appended };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 4) {
          if (error instanceof WrongExpectedVersionError) throw stale(stream, expected, fromStreamRevision(errorOf(error).actualState));
          throw error;
        }
        const { rest, actual } = await afterRefusal(stream, expected, events);
        if (rest.length === 0) return { nextExpectedVersion: actual, appended: 0 };
        events = rest;
        // The caller's version held but for its own earlier events: the rest goes after them.
        expected = expected === 'any' ? 'any' : actual;
      }
    }
  }

  async function readAll(after: LogPosition, limit: number): Promise<RecordedEvent[]> {
    // Reading $all from a position includes the event at that position; ours start after it.
    const fromPosition = comparePositions(after, LOG_START) === 0 ? START : toKurrentPosition(after);
    const events: RecordedEvent[] = [];
    for await (const resolved of client.readAll({ fromPosition, maxCount: limit + 1, direction: FORWARDS, filter: ourEvents() })) {
      const event = resolved.event as KurrentRecorded | undefined;
      if (!event?.position || !isSointuEvent(event)) continue;
      const recorded = fromKurrentEvent(event);
      if (comparePositions(recorded.position, after) <= 0) continue;
      events.push(recorded);
      if (events.length === limit) break;
    }
    return events;
  }

  /** The live $all subscription whose every event wakes the listeners (appends of other processes). */
  function followLive() {
    const subscription = client.subscribeToAll({ fromPosition: END, filter: ourEvents() });
    subscription.on('data', () => notifyLocal());
    // A dropped subscription costs the listeners a poll, never an event: start another one.
    subscription.on('error', () => {
      if (live !== subscription) return;
      live = undefined;
      setTimeout(() => {
        if (listeners.size > 0 && !live) live = followLive();
      }, 1000);
    });
    return subscription;
  }

  const store: EventStore = {
    async append(stream, events, expected = 'any') {
      const [request] = prepareRequests([{ stream, events, expected }], () => '');
      return appendPrepared(request!);
    },

    /**
     * Each request is appended atomically and in order; the requests together are NOT one
     * transaction as on Postgres: a failure in request k leaves requests before k stored. The
     * product's only multi-event path (POST /api/usage-log) appends one stream per call, and every
     * append is idempotent by event id, so a retried call completes what a failed one left.
     * KurrentDB 25.1's multiStreamAppend would make it atomic, but it answers neither which events
     * were repeats nor per-request conflicts the way the contract needs, so it is not used yet.
     * Everything is validated before the first append: a ValidationError stores nothing.
     */
    async appendMany(requests: readonly AppendRequest[]) {
      const prepared = prepareRequests(requests, (r) => `requests.${r}.`);
      const results: AppendResult[] = [];
      for (const request of prepared) results.push(await appendPrepared(request));
      return results;
    },

    async readStream(stream, { fromVersion = 0, limit = 10_000 } = {}) {
      return (await readStreamEvents(stream, fromVersion, limit)).map((event) => fromKurrentEvent(event, LOG_START));
    },

    async findEvent(id) {
      // KurrentDB has no index by event id: the newest part of $all is searched, newest first. The
      // callers look for a retry's first try (moments old) or the event a projection is stuck on
      // (a caught-up projection's is recent too); an older event is reported as not found.
      const wanted = id.toLowerCase();
      for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: FIND_EVENT_WINDOW, filter: ourEvents() })) {
        const event = resolved.event as KurrentRecorded | undefined;
        if (event?.position && event.id.toLowerCase() === wanted && isSointuEvent(event)) return fromKurrentEvent(event);
      }
      return null;
    },

    readAll,

    onAppended(listener) {
      listeners.add(listener);
      live ??= followLive();
      return () => void listeners.delete(listener);
    },

    async backlog(after) {
      // KurrentDB counts nothing for us: the events after `after` are read and counted (a caught-up
      // projection's backlog is a handful; a rebuild from the start reads the log once per call).
      let events = 0;
      let oldestRecordedAt: Date | null = null;
      let newest: LogPosition | null = null;
      for (let page = await readAll(after, 5000); page.length > 0; page = await readAll(newest!, 5000)) {
        events += page.length;
        oldestRecordedAt ??= page[0]!.recordedAt;
        newest = page.at(-1)!.position;
      }
      return { events, oldestRecordedAt, newest };
    },

    subscribe: (subscribeOptions) => startSubscription(store, subscribeOptions, { pollMs: options.pollMs ?? 500, retryMs: 1000 }),

    async close() {
      listeners.clear();
      const subscription = live;
      live = undefined;
      await subscription?.unsubscribe().catch(() => undefined);
      await client.dispose();
    },
  };
  return store;
}
