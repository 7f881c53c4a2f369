import { handleCommandToState } from '../../infra/event-store/decider.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';
import { streams } from '../../schemas/events/index.ts';
import { waitForProjection, type ProjectionDeps } from '../../server/http/wait-for-projection.ts';
import type { ItemRecord, MessageRecord } from '../../domain/messages/message-views.ts';
import { messageDecider, type MessageCommand, type MessageState } from './message-decider.ts';

// What every message command shares: deciding on the message's stream and answering with the
// message as its stream now stands (fresh even before the read model has it).

/** The read model the browser re-reads after a message command (projections/postgres/messages.ts). */
export const messagesReadModel = 'messages';

export type MessageDeps = ProjectionDeps;

/** Decides and appends; the answer waits until the read model holds the new events. */
export async function runMessageCommand(deps: MessageDeps, command: MessageCommand): Promise<{ events: MessageEvent[]; state: MessageState }> {
  const stream = streams.message(command.messageId);
  const result = await handleCommandToState(deps.store, stream, messageDecider, command, (_event, index, version) => eventId('message', stream, version, index));
  if (result.events.length > 0) await waitForProjection(deps, messagesReadModel, stream);
  return result;
}

/** The message as its stream state holds it. */
export function messageOf(messageId: number, state: MessageState): MessageRecord {
  const { fields, ownerId, sent, sentTime, active, recipients, recipientGroups } = state;
  // Answers go to the owner (only they change a message): their own read time.
  return { id: messageId, ownerId: ownerId!, ...fields!, sent, sentTime, active, recipients, recipientGroups, readTime: state.readTimes.get(ownerId!) ?? null };
}

/** An item as its message's stream state holds it (undefined: it is not there). */
export function itemOf(messageId: number, itemId: number, state: MessageState): ItemRecord | undefined {
  const entry = state.items.get(itemId);
  if (!entry) return undefined;
  const { itemId: _itemId, ...item } = entry.item;
  return { id: itemId, messageId, order: entry.order, ...item };
}
