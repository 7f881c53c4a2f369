import { LRUCache } from 'lru-cache';
import type { SointuEvent } from '../../schemas/events/index.ts';
import type { EventStore, NewEvent } from './event-store.ts';

// The command side's one pattern (Emmett / Decider): state is folded from a stream's events,
// `decide` is pure, and the new events are appended with the version that state was read at, so
// a concurrent change of the same stream is a Conflict instead of a lost update.

export interface Decider<Command, Event extends SointuEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export async function handleCommand<Command, Event extends SointuEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  /** `version`: the stream version the state was read at (-1 for a new stream), so a fact repeated later gets a new id. */
  eventId: (event: Event, index: number, version: number) => string,
): Promise<Event[]> {
  return (await handleCommandToState(store, stream, decider, command, eventId)).events;
}

/**
 * The folded state of recently decided streams, by stream: a command reads only the events after
 * the version it holds. A stream's history never changes, so the state at a version is final;
 * events another process appended since are read like any others. Only for deciders whose
 * `evolve` returns a new state and leaves the one it was given as it was (the cached one is
 * folded further). Favorite lists are the case: a tap on a list of a few hundred changes read and
 * folded all of them (issue 21 item 2).
 */
export type StateCache<State> = LRUCache<string, { version: number; state: State }>;

/** One cache per store: one process may hold several logs (tests), with the same stream names. */
export function stateCachePerStore<State>(max = 2000): (store: EventStore) => StateCache<State> {
  const caches = new WeakMap<EventStore, StateCache<State>>();
  return (store) => {
    let cache = caches.get(store);
    if (!cache) caches.set(store, (cache = new LRUCache({ max })));
    return cache;
  };
}

/**
 * handleCommand, also answering the stream's state after the new events, without reading it again,
 * and the stream's version after them (-1: the stream is still empty), so a caller can answer from
 * what it decided and name the write a read model has yet to project.
 */
export async function handleCommandToState<Command, Event extends SointuEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  eventId: (event: Event, index: number, version: number) => string,
  cache?: StateCache<State>,
): Promise<{ events: Event[]; state: State; version: number }> {
  const known = cache?.get(stream);
  const history = await store.readStream(stream, { fromVersion: known ? known.version + 1 : 0 });
  const before = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), known ? known.state : decider.initialState());
  const read = history.at(-1)?.streamVersion ?? known?.version ?? -1;
  if (cache && read >= 0) cache.set(stream, { version: read, state: before });
  const events = decider.decide(command, before);
  const state = events.reduce(decider.evolve, before);
  const expected = read === -1 ? 'no_stream' : read;
  if (events.length === 0) return { events, state, version: read };
  const toAppend = events.map((e, i): NewEvent => {
    const event: SointuEvent = e;
    return { ...event, id: eventId(e, i, read) };
  });
  const { nextExpectedVersion, appended } = await store.append(stream, toAppend, expected);
  // What was stored is what was decided, unless a retry found its events there already.
  if (cache && appended === events.length && nextExpectedVersion === read + events.length) cache.set(stream, { version: nextExpectedVersion, state });
  return { events, state, version: nextExpectedVersion };
}
