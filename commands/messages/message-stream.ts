import { handleCommandToState } from '../../infra/event-store/decider.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';
import { streams } from '../../schemas/events/index.ts';
import { noteWrite, type ProjectionDeps } from '../../server/http/read-your-writes.ts';
import type { ItemRecord, MessageRecord } from '../../domain/messages/message-views.ts';
import { messageDecider, type MessageCommand, type MessageState } from './message-decider.ts';

// What every message command shares: deciding on the message's stream and answering with the
// message as its stream now stands, from the decider's state (the read model may not hold it yet).

/** The read model the browser re-reads after a message command (projections/postgres/messages.ts). */
export const messagesReadModel = 'messages';

export type MessageDeps = ProjectionDeps;

/**
 * Decides and appends, and answers at once: the next request of this process waits for the read
 * model instead (server/http/read-your-writes.ts), so a refetch still sees the change. `idOf` gives
 * the new events' ids when the caller derives them (an idempotent create); by default they come
 * from the stream and the version it was read at.
 */
export async function runMessageCommand(deps: MessageDeps, command: MessageCommand, idOf?: (index: number) => string): Promise<{ events: MessageEvent[]; state: MessageState; version: number }> {
  const stream = streams.message(command.messageId);
  const result = await handleCommandToState(deps.store, stream, messageDecider, command, (_event, index, version) => idOf?.(index) ?? eventId('message', stream, version, index));
  if (result.events.length > 0) noteWrite(deps, messagesReadModel, stream, result.version);
  return result;
}

/**
 * runMessageCommand for a message whose id just came from the sequence: its stream cannot hold
 * events yet, so it is decided from the initial state without reading the stream (one round trip
 * less on every new message), and appended as 'no_stream', which the store still checks (a stream
 * that is not empty after all is a Conflict, not a lost update). `appended` is 0 when every event's
 * id was already stored: an idempotent create whose first try won the race.
 */
export async function runNewMessageCommand(deps: MessageDeps, command: MessageCommand, idOf?: (index: number) => string): Promise<{ events: MessageEvent[]; state: MessageState; version: number; appended: number }> {
  const stream = streams.message(command.messageId);
  const state = messageDecider.initialState();
  const events = messageDecider.decide(command, state);
  if (events.length === 0) return { events, state, version: -1, appended: 0 };
  const toAppend = events.map((event, index) => ({ ...event, id: idOf?.(index) ?? eventId('message', stream, -1, index) }));
  const { nextExpectedVersion: version, appended } = await deps.store.append(stream, toAppend, 'no_stream');
  if (appended > 0) noteWrite(deps, messagesReadModel, stream, version);
  return { events, state: events.reduce(messageDecider.evolve, state), version, appended };
}

/** The message as its stream state holds it. */
export function messageOf(messageId: number, state: MessageState): MessageRecord {
  const { fields, ownerId, sent, sentTime, active, recipients, recipientGroups } = state;
  // Answers go to the owner (only they change a message): their own read time.
  return { id: messageId, ownerId: ownerId!, ...fields!, forcePopup: fields!.forcePopup ?? false, videoChat: state.videoChatRoomId !== null, sent, sentTime, active, recipients, recipientGroups, readTime: state.readTimes.get(ownerId!) ?? null };
}

/** An item as its message's stream state holds it (undefined: it is not there). */
export function itemOf(messageId: number, itemId: number, state: MessageState): ItemRecord | undefined {
  const entry = state.items.get(itemId);
  if (!entry) return undefined;
  const { itemId: _itemId, ...item } = entry.item;
  return { id: itemId, messageId, order: entry.order, ...item };
}

/** A message's stream state as it stands now. */
export async function loadMessageState(deps: Pick<MessageDeps, 'store'>, messageId: number): Promise<MessageState> {
  const history = await deps.store.readStream(streams.message(messageId));
  return history.reduce((state, event) => messageDecider.evolve(state, event as unknown as MessageEvent), messageDecider.initialState());
}

/**
 * Which message a stored event belongs to (null: no such event). An idempotent create derives its
 * first event's id from (caller, request id), so a retry finds the message its first try made.
 */
export async function messageIdOfEvent(deps: Pick<MessageDeps, 'store'>, id: string): Promise<number | null> {
  const event = await deps.store.findEvent(id);
  const match = event && /^message-(\d+)$/.exec(event.streamId);
  return match ? Number(match[1]) : null;
}
