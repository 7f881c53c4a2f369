import { handleCommandToState } from '../../infra/event-store/decider.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';
import { streams } from '../../schemas/events/index.ts';
import { waitUntilProjected } from '../../projections/engine/wait-until-projected.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import type { ItemRow, MessageRow } from '../../queries/messages/message-views.ts';
import { messageDecider, type MessageCommand, type MessageState } from './message-decider.ts';

// What every message command shares: deciding on the message's stream and answering with the
// message as its stream now stands (fresh even before the read model has it).

export interface MessageDeps {
  store: EventStore;
  sql: Queryable;
  /** The projection runner of this process; without one nothing waits for the read model. */
  projections?: unknown;
}

/** Decides and appends; the answer waits until the read model holds the new events. */
export async function runMessageCommand(deps: MessageDeps, command: MessageCommand): Promise<{ events: MessageEvent[]; state: MessageState }> {
  const stream = streams.message(command.messageId);
  const result = await handleCommandToState(deps.store, stream, messageDecider, command, (_event, index, version) => eventId('message', stream, version, index));
  if (result.events.length > 0 && deps.projections) await waitUntilProjected(deps, messagesProjector, stream);
  return result;
}

/** The read model's row of a message, from its stream state. */
export function messageRowOf(messageId: number, state: MessageState): MessageRow {
  const fields = state.fields!;
  return {
    id: messageId,
    user_id: state.ownerId!,
    title: fields.title,
    time: fields.time,
    expire_time: fields.expireTime,
    sent: state.sent,
    sent_time: state.sentTime,
    active: state.active,
    recommendation: fields.recommendation,
    usage_report: fields.usageReport,
    game: fields.game,
    recipient_can_modify: fields.recipientCanModify,
    recipient_can_reply: fields.recipientCanReply,
    reply_to_message_id: fields.replyToMessageId,
    recipients: [...state.recipients],
    recipient_groups: [...state.recipientGroups],
  };
}

/** The read model's row of an item, from its stream state (undefined: it is not there). */
export function itemRowOf(messageId: number, itemId: number, state: MessageState): ItemRow | undefined {
  const entry = state.items.get(itemId);
  if (!entry) return undefined;
  const { item, order } = entry;
  return {
    id: itemId,
    message_id: messageId,
    order,
    type: item.type,
    html: item.html,
    audio_file_id: item.audioFileId,
    recipe_id: item.recipeId,
    file_id: item.fileId,
    url: item.url,
    content_type: item.contentType,
    track_clicks: item.trackClicks,
  };
}
