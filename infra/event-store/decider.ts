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
): Promise<{ events: Event[]; state: State; version: number }> {
  const history = await store.readStream(stream);
  const before = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
  const events = decider.decide(command, before);
  const state = events.reduce(decider.evolve, before);
  const expected = history.length === 0 ? 'no_stream' : history[history.length - 1]!.streamVersion;
  if (events.length === 0) return { events, state, version: expected === 'no_stream' ? -1 : expected };
  const toAppend = events.map((e, i): NewEvent => {
    const event: SointuEvent = e;
    return { ...event, id: eventId(e, i, expected === 'no_stream' ? -1 : expected) };
  });
  const { nextExpectedVersion } = await store.append(stream, toAppend, expected);
  return { events, state, version: nextExpectedVersion };
}
