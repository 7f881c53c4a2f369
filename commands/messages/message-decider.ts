import { AppError, accessDenied, invalidRequest, notFound, validationError } from '../../infra/errors.ts';
import type { Decider } from '../../infra/event-store/decider.ts';
import type { MessageChange, NewMessage } from '../../schemas/api/messages.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import type { MessageEvent } from '../../schemas/events/messages.ts';

// One message (stream `message-{id}`, spec 2 section 6). Only its owner changes it: the content
// (title, timing, flags, recipients, items) while it is a draft; sending, restoring as a draft
// and switching it on or off at any time. Editing a sent message would change what recipients
// have already read, so it is restored as a draft first (the same PUT may do both).

type Fields = Omit<EventOf<'MessageDrafted'>['data'], 'messageId' | 'userId' | 'at'>;
type Item = EventOf<'MessageItemAdded'>['data']['item'];
type ItemContent = Omit<Item, 'itemId'>;

export interface MessageState {
  exists: boolean;
  ownerId: number | null;
  fields: Fields | null;
  recipients: readonly number[];
  recipientGroups: readonly number[];
  sent: boolean;
  /** When it was last sent; null while a draft. */
  sentTime: string | null;
  active: boolean;
  items: ReadonlyMap<number, { item: Item; order: number }>;
  /** Each reader's own read time of the message (null: marked unread); a reader not here never read it. */
  readTimes: ReadonlyMap<number, string | null>;
  /** Each reader's read time of the replies (the discussion). */
  discussionReadTimes: ReadonlyMap<number, string | null>;
  /** The ids of its replies: a retried post appends nothing. */
  replyIds: ReadonlySet<string>;
  /** Its video chat room (spec 2 section 4: the videoChat flag); null until the owner makes one. */
  videoChatRoomId: string | null;
}

/** Who asks to set a read time: the user and their user group (messages to the group reach them). */
export interface Reader {
  userId: number;
  userGroupId: number | null;
}

/** What a copy takes from its source message: its fields and its items in order. */
export interface CopySource {
  messageId: number;
  state: MessageState;
}

export type MessageCommand =
  | { kind: 'create'; messageId: number; userId: number; message: NewMessage; at: string }
  | { kind: 'change'; messageId: number; userId: number; change: MessageChange; at: string }
  | { kind: 'setActive'; messageId: number; userId: number; active: boolean; at: string }
  // Item commands name the editor's user group: a recipient may change a recommendation sent to it.
  // `position` places the item among the others, counted from 0 in their order.
  | { kind: 'addItem'; messageId: number; userId: number; userGroupId?: number | null; itemId: number; item: ItemContent; position?: number; at: string }
  // advancedMessaging: the editor's flag (spec 2 section 5: without it, inline HTML is not edited).
  | { kind: 'changeItem'; messageId: number; userId: number; userGroupId?: number | null; advancedMessaging?: boolean; itemId: number; change: Partial<ItemContent>; position?: number; at: string }
  | { kind: 'removeItem'; messageId: number; userId: number; userGroupId?: number | null; itemId: number; at: string }
  /**
   * The back office's add-audio-files-to-messages: an AudioFile item, last, for each audio file the
   * message has none of (`itemIds`: a fresh id for each audio file, in the same order).
   */
  | { kind: 'addAudioFiles'; messageId: number; userId: number; userGroupId: number | null; audioFileIds: readonly number[]; itemIds: readonly number[]; at: string }
  /** remove-audio-files-from-messages: every AudioFile item of those audio files. */
  | { kind: 'removeAudioFiles'; messageId: number; userId: number; userGroupId: number | null; audioFileIds: readonly number[]; at: string }
  /**
   * A copy (spec 2 section 4, copy-message): a new draft of `userId` on this stream with the
   * source's fields and items (new ids, `itemIds` in the source's order), active from `time`, to
   * the recipients given. The owner copies any of theirs; a recipient a sent message it may reply to.
   */
  | {
      kind: 'copy';
      messageId: number;
      userId: number;
      userGroupId: number | null;
      source: CopySource;
      itemIds: readonly number[];
      time: string | null;
      recipients: readonly { id: number }[];
      recipientGroups: readonly { id: number }[];
      at: string;
    }
  | { kind: 'setReadTime'; messageId: number; userId: number; userGroupId: number | null; readTime: string | null; at: string }
  | { kind: 'setDiscussionReadTime'; messageId: number; userId: number; userGroupId: number | null; readTime: string | null; at: string }
  | { kind: 'postReply'; messageId: number; userId: number; userGroupId: number | null; replyId: string; text: string; fileId: number | null; at: string }
  /** The owner opens a video chat room on the message (`roomId`: the new room's id, unless it has one). */
  | { kind: 'createVideoChatRoom'; messageId: number; userId: number; roomId: string; at: string };

const fieldNames = ['title', 'time', 'expireTime', 'recommendation', 'recipientCanModify', 'recipientCanReply', 'game', 'usageReport', 'replyToMessageId', 'forcePopup'] as const;

const initialState = (): MessageState => ({
  exists: false,
  ownerId: null,
  fields: null,
  recipients: [],
  recipientGroups: [],
  sent: false,
  sentTime: null,
  active: true,
  items: new Map(),
  readTimes: new Map(),
  discussionReadTimes: new Map(),
  replyIds: new Set(),
  videoChatRoomId: null,
});

function evolve(state: MessageState, event: MessageEvent): MessageState {
  switch (event.type) {
    case 'MessageDrafted': {
      const { messageId: _id, userId, at: _at, ...fields } = event.data;
      // Drafted before forcePopup existed: off, so sending `false` back is no change.
      return { ...state, exists: true, ownerId: userId, fields: { ...fields, forcePopup: fields.forcePopup ?? false } };
    }
    case 'MessageUpdated': {
      const { messageId: _id, userId: _user, at: _at, ...fields } = event.data;
      return { ...state, fields: { ...state.fields!, ...fields } };
    }
    case 'RecipientsSet':
      return { ...state, recipients: event.data.recipients, recipientGroups: event.data.recipientGroups };
    case 'MessageSent':
      return { ...state, sent: true, sentTime: event.data.at };
    case 'MessageRestoredAsDraft':
      return { ...state, sent: false, sentTime: null };
    case 'MessageActivitySet':
      return { ...state, active: event.data.active };
    case 'MessageItemAdded':
      return { ...state, items: new Map(state.items).set(event.data.item.itemId, { item: event.data.item, order: event.data.order }) };
    case 'MessageItemUpdated': {
      const current = state.items.get(event.data.item.itemId);
      return current ? { ...state, items: new Map(state.items).set(event.data.item.itemId, { ...current, item: event.data.item }) } : state;
    }
    case 'MessageItemRemoved': {
      const items = new Map(state.items);
      items.delete(event.data.itemId);
      return { ...state, items };
    }
    case 'MessageItemsReordered': {
      const items = new Map(state.items);
      event.data.itemIds.forEach((itemId, order) => {
        const current = items.get(itemId);
        if (current) items.set(itemId, { ...current, order });
      });
      return { ...state, items };
    }
    case 'MessageReadTimeSet':
      return { ...state, readTimes: new Map(state.readTimes).set(event.data.userId, event.data.readTime) };
    case 'DiscussionReadTimeSet':
      return { ...state, discussionReadTimes: new Map(state.discussionReadTimes).set(event.data.userId, event.data.readTime) };
    case 'ReplyPosted':
      return { ...state, replyIds: new Set(state.replyIds).add(event.data.replyId) };
    case 'VideoChatRoomCreated':
      return { ...state, videoChatRoomId: event.data.roomId };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const idsOf = (list: readonly { id: number }[]) => [...new Set(list.map((r) => r.id))].sort((x, y) => x - y);

const sentIsNotEdited = () => invalidRequest('A sent message is not edited: restore it as a draft first');

/** The owner's message; `draft` also requires it unsent (content is edited only in a draft). */
function requireOwned(state: MessageState, userId: number, draft: boolean): void {
  if (!state.exists) throw notFound();
  if (state.ownerId !== userId) throw accessDenied();
  if (draft && state.sent) throw sentIsNotEdited();
}

/** Spec 2 section 5: a message is sent only with at least one recipient or group. */
function requireAddressed(recipients: readonly unknown[], recipientGroups: readonly unknown[]): void {
  if (recipients.length === 0 && recipientGroups.length === 0) throw validationError([{ path: 'body.recipients', message: 'A message is sent to at least one recipient or group' }]);
}

/**
 * Who may reply (spec 2 sections 5 and 6): the owner, on their own message; a recipient (or a
 * member of a recipient group) of a sent message that allows replies (recipientCanReply) and has a
 * sender, while it is switched on. Every message here has a sender (its owner, MessageDrafted's
 * userId); the check stays so the rule reads where it is decided. Others: NotFound when there is
 * no such message, AccessDenied when it is not theirs to see or to answer, both naming the field.
 */
function requireReplier(state: MessageState, replier: Reader): void {
  const refuse = (kind: 'NotFound' | 'AccessDenied', reason: string) => new AppError(kind, undefined, { field: 'body.messageId', reason });
  if (!state.exists) throw refuse('NotFound', 'No such message');
  if (state.ownerId === replier.userId) return;
  const addressed = state.recipients.includes(replier.userId) || (replier.userGroupId !== null && state.recipientGroups.includes(replier.userGroupId));
  if (!state.sent || !addressed) throw refuse('AccessDenied', 'Not a message this user may read');
  if (state.ownerId === null) throw validationError([{ path: 'body.messageId', message: 'The message has no sender to reply to' }]);
  if (!state.fields?.recipientCanReply) throw refuse('AccessDenied', 'The message does not take replies (recipientCanReply)');
  // Switched off by its owner: the conversation is gone for its recipients.
  if (!state.active) throw refuse('AccessDenied', 'The message is switched off');
}

/**
 * Who may read the message, and so set their own read time of it: its owner, and once it is sent
 * its recipients and the members of its recipient groups. Others learn nothing of a draft or of
 * someone else's message beyond that it is not theirs (AccessDenied; NotFound when there is none).
 */
function requireReader(state: MessageState, reader: Reader): void {
  if (!state.exists) throw notFound();
  if (state.ownerId === reader.userId) return;
  const addressed = state.recipients.includes(reader.userId) || (reader.userGroupId !== null && state.recipientGroups.includes(reader.userGroupId));
  if (!state.sent || !addressed) throw accessDenied();
}

/** Spec 2 section 3: inline HTML, which only the owner edits. */
const inlineHtml = (type: Item['type']) => type === 'InlineHTML' || type === 'InlineHTMLTrack';

/**
 * Who may change the items (spec 2 sections 5 and 6): the owner while it is a draft; a recipient
 * of a sent recommendation with recipientCanModify, except its inline HTML (`types`: the item's
 * type before and after the change), which only the owner edits.
 */
function requireItemEditor(state: MessageState, editor: Reader, types: readonly Item['type'][]): void {
  if (!state.exists) throw notFound();
  if (state.ownerId === editor.userId) {
    if (state.sent) throw sentIsNotEdited();
    return;
  }
  requireReader(state, editor);
  if (!state.fields!.recommendation || !state.fields!.recipientCanModify) throw accessDenied('Only the owner changes this message');
  if (types.some(inlineHtml)) throw accessDenied('Only the owner edits inline HTML');
}

/** The items' ids in their order (ties by id, as the read model lists them). */
const orderedIds = (state: MessageState) =>
  [...state.items.values()].sort((a, b) => a.order - b.order || a.item.itemId - b.item.itemId).map((entry) => entry.item.itemId);

/** The order with `itemId` moved to `position` (past the end: last); null when that changes nothing. */
function moved(state: MessageState, itemId: number, position: number): number[] | null {
  const current = orderedIds(state);
  const rest = current.filter((id) => id !== itemId);
  const next = [...rest.slice(0, position), itemId, ...rest.slice(position)];
  return sameIds(next, current) ? null : next;
}

/** The same instant (however written), or both unread: setting it again appends nothing. */
const sameReadTime = (a: string | null | undefined, b: string | null) => (a ?? null) === b || (a != null && b !== null && Date.parse(a) === Date.parse(b));

function decide(command: MessageCommand, state: MessageState): MessageEvent[] {
  const { messageId, userId, at } = command;
  switch (command.kind) {
    case 'create': {
      if (state.exists) return [];
      const { recipients, recipientGroups, sent, ...rest } = command.message;
      if (sent) requireAddressed(recipients, recipientGroups);
      const fields = Object.fromEntries(fieldNames.map((name) => [name, rest[name]])) as Fields;
      const events: MessageEvent[] = [{ type: 'MessageDrafted', data: { messageId, userId, at, ...fields } }];
      if (recipients.length > 0 || recipientGroups.length > 0) {
        events.push({ type: 'RecipientsSet', data: { messageId, userId, recipients: idsOf(recipients), recipientGroups: idsOf(recipientGroups), at } });
      }
      if (sent) events.push({ type: 'MessageSent', data: { messageId, userId, at } });
      return events;
    }
    case 'change': {
      requireOwned(state, userId, false);
      const { change } = command;
      const events: MessageEvent[] = [];
      const wasSent = state.sent;
      if (wasSent && change.sent === false) events.push({ type: 'MessageRestoredAsDraft', data: { messageId, userId, at } });
      const changed = Object.fromEntries(fieldNames.filter((name) => change[name] !== undefined && change[name] !== state.fields![name]).map((name) => [name, change[name]]));
      const recipients = change.recipients ? idsOf(change.recipients) : state.recipients;
      const recipientGroups = change.recipientGroups ? idsOf(change.recipientGroups) : state.recipientGroups;
      const recipientsChanged = !sameIds(recipients, state.recipients) || !sameIds(recipientGroups, state.recipientGroups);
      const editing = Object.keys(changed).length > 0 || recipientsChanged;
      if (editing && wasSent && change.sent !== false) throw sentIsNotEdited();
      // The request alone may be in order and still end before the stored start (or the reverse).
      const time = change.time !== undefined ? change.time : state.fields!.time;
      const expireTime = change.expireTime !== undefined ? change.expireTime : state.fields!.expireTime;
      if (time && expireTime && new Date(time) >= new Date(expireTime)) throw validationError([{ path: 'body.expireTime', message: 'Active until must be after active from' }]);
      if (Object.keys(changed).length > 0) events.push({ type: 'MessageUpdated', data: { messageId, userId, at, ...changed } });
      if (recipientsChanged) events.push({ type: 'RecipientsSet', data: { messageId, userId, recipients: [...recipients], recipientGroups: [...recipientGroups], at } });
      if (!wasSent && change.sent === true) requireAddressed(recipients, recipientGroups);
      if (!wasSent && change.sent === true) events.push({ type: 'MessageSent', data: { messageId, userId, at } });
      return events;
    }
    case 'setActive':
      requireOwned(state, userId, false);
      return state.active === command.active ? [] : [{ type: 'MessageActivitySet', data: { messageId, userId, active: command.active, at } }];
    case 'addItem': {
      const editor = { userId, userGroupId: command.userGroupId ?? null };
      requireItemEditor(state, editor, [command.item.type]);
      if (state.items.has(command.itemId)) return [];
      const order = Math.max(-1, ...[...state.items.values()].map((i) => i.order)) + 1;
      const added: MessageEvent = { type: 'MessageItemAdded', data: { messageId, userId, item: { itemId: command.itemId, ...command.item }, order, at } };
      if (command.position === undefined) return [added];
      const withItem = evolve(state, added);
      const itemIds = moved(withItem, command.itemId, command.position);
      return itemIds ? [added, { type: 'MessageItemsReordered', data: { messageId, userId, itemIds, at } }] : [added];
    }
    case 'changeItem': {
      const current = state.items.get(command.itemId);
      if (state.exists && !current) throw notFound();
      const editor = { userId, userGroupId: command.userGroupId ?? null };
      requireItemEditor(state, editor, current ? [current.item.type, command.change.type ?? current.item.type] : []);
      const { change } = command;
      const editsHtml = change.html !== undefined || (change.type !== undefined && change.type !== current!.item.type);
      if (command.advancedMessaging === false && editsHtml && (inlineHtml(current!.item.type) || inlineHtml(change.type ?? current!.item.type))) {
        throw accessDenied('Inline HTML is edited with advancedMessaging');
      }
      const item = { ...current!.item, ...definedOnly(change) };
      const same = (Object.keys(item) as (keyof Item)[]).every((key) => (item[key] ?? null) === (current!.item[key] ?? null));
      const events: MessageEvent[] = same ? [] : [{ type: 'MessageItemUpdated', data: { messageId, userId, item, at } }];
      const itemIds = command.position === undefined ? null : moved(state, command.itemId, command.position);
      if (itemIds) events.push({ type: 'MessageItemsReordered', data: { messageId, userId, itemIds, at } });
      return events;
    }
    case 'removeItem': {
      const current = state.items.get(command.itemId);
      requireItemEditor(state, { userId, userGroupId: command.userGroupId ?? null }, current ? [current.item.type] : []);
      // Already gone: a retried delete.
      if (!current) return [];
      return [{ type: 'MessageItemRemoved', data: { messageId, userId, itemId: command.itemId, at } }];
    }
    case 'copy': {
      if (state.exists) return [];
      const { source } = command;
      requireReader(source.state, command);
      const sourceOwned = source.state.ownerId === userId;
      if (!sourceOwned && !source.state.fields!.recipientCanReply) throw accessDenied('Only messages that may be replied to are forwarded');
      const { recipients, recipientGroups } = command;
      // A forward is a plain message: the recommendation, report and game flags stay the owner's.
      const from = sourceOwned ? source.state.fields! : { ...source.state.fields!, recommendation: false, usageReport: false, game: false, recipientCanModify: false, forcePopup: false };
      const time = command.time;
      // The source's end stays unless the copy would start after it.
      const expireTime = from.expireTime !== null && (time === null || new Date(time) < new Date(from.expireTime)) ? from.expireTime : null;
      const events: MessageEvent[] = [{ type: 'MessageDrafted', data: { messageId, userId, at, ...from, time, expireTime, replyToMessageId: null } }];
      if (recipients.length > 0 || recipientGroups.length > 0) {
        events.push({ type: 'RecipientsSet', data: { messageId, userId, recipients: idsOf(recipients), recipientGroups: idsOf(recipientGroups), at } });
      }
      orderedIds(source.state).forEach((sourceItemId, order) => {
        const itemId = command.itemIds[order];
        if (itemId === undefined) throw invalidRequest('An id for every item of the copy');
        const { itemId: _sourceId, ...content } = source.state.items.get(sourceItemId)!.item;
        events.push({ type: 'MessageItemAdded', data: { messageId, userId, item: { itemId, ...content }, order, at } });
      });
      return events;
    }
    case 'setReadTime':
    case 'setDiscussionReadTime': {
      requireReader(state, command);
      const { readTime } = command;
      const discussion = command.kind === 'setDiscussionReadTime';
      if (sameReadTime((discussion ? state.discussionReadTimes : state.readTimes).get(userId), readTime)) return [];
      return [{ type: discussion ? 'DiscussionReadTimeSet' : 'MessageReadTimeSet', data: { messageId, userId, readTime } }];
    }
    case 'postReply': {
      requireReplier(state, command);
      if (state.replyIds.has(command.replyId)) return [];
      // Spec 2 section 4: posting a reply marks the message read for its writer, now; they have
      // also seen the discussion they answered.
      return [
        { type: 'ReplyPosted', data: { messageId, userId, replyId: command.replyId, text: command.text, fileId: command.fileId, at } },
        { type: 'MessageReadTimeSet', data: { messageId, userId, readTime: at } },
        { type: 'DiscussionReadTimeSet', data: { messageId, userId, readTime: at } },
      ];
    }
    case 'addAudioFiles': {
      requireItemEditor(state, { userId, userGroupId: command.userGroupId }, ['AudioFile']);
      const present = new Set([...state.items.values()].filter((i) => i.item.type === 'AudioFile').map((i) => i.item.audioFileId));
      const wanted = [...new Set(command.audioFileIds)].filter((audioFileId) => !present.has(audioFileId));
      const last = Math.max(-1, ...[...state.items.values()].map((i) => i.order));
      return wanted.map((audioFileId, i): MessageEvent => {
        const itemId = command.itemIds[command.audioFileIds.indexOf(audioFileId)]!;
        const item = { itemId, type: 'AudioFile' as const, html: null, audioFileId, recipeId: null, fileId: null, url: null, contentType: null, trackClicks: false };
        return { type: 'MessageItemAdded', data: { messageId, userId, item, order: last + 1 + i, at } };
      });
    }
    case 'removeAudioFiles': {
      requireItemEditor(state, { userId, userGroupId: command.userGroupId }, ['AudioFile']);
      const audioFileIds = new Set(command.audioFileIds);
      return [...state.items.values()]
        .filter((i) => i.item.type === 'AudioFile' && i.item.audioFileId !== null && audioFileIds.has(i.item.audioFileId))
        .map((i): MessageEvent => ({ type: 'MessageItemRemoved', data: { messageId, userId, itemId: i.item.itemId, at } }));
    }
    case 'createVideoChatRoom':
      // Only the owner (canCreateVideoChat is checked at the route, from the user's config); a
      // message has one room, so asking again appends nothing and the route answers the same room.
      requireOwned(state, userId, false);
      if (state.videoChatRoomId !== null) return [];
      return [{ type: 'VideoChatRoomCreated', data: { messageId, userId, roomId: command.roomId, at } }];
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}

const definedOnly = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export const messageDecider: Decider<MessageCommand, MessageEvent, MessageState> = { initialState, evolve, decide };
