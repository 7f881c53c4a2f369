import { proxy } from 'valtio';
import { minIframeHeight } from '../../../../schemas/api/message-item-limits.ts';
import type { Message, MessageChange, MessageItem, NewMessageItem } from '../../../../schemas/api/messages.ts';
import type { MessageRecipientsResponse } from '../../../../schemas/api/message-recipients.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { onPlayerEvent, playAudioFile, playerIdOf, stopPlayback, type PlayableAudioFile } from '../../../lib/player/player-store.ts';
import { copyMessage } from '../api/copy-message.ts';
import { getMessage, getMessageItems } from '../api/get-message.ts';
import { getMessageRecipients } from '../api/get-message-recipients.ts';
import { searchAudioFiles } from '../api/item-choices.ts';
import { getItemEvaluations, logItemAction, postItemEvaluation, putItemEvaluation, type ScoreValue } from '../api/item-use.ts';
import { deleteMessageItem, postMessageItem, putMessageItem } from '../api/message-items.ts';
import { putMessage } from '../api/put-message.ts';

// The single message view (spec 2 sections 2, 4 and 6): the message, its items in order, who may
// change what, the calls that change them, and playback within the message (player id
// 'Message-{messageId}': only AudioFile items play; the others open the message item modal).

/** Spec 2 section 4: "Message Active Until" defaults to now plus 604800 seconds (a week). */
export const defaultActiveSeconds = 604_800;

/** IFrame height is parsed as an integer and falls back to the previous value (spec 2 sections 4 and 9: at least 600). */
export function parseIframeHeight(text: string, previous: number | null): number | null {
  const value = Number.parseInt(text, 10);
  return Number.isInteger(value) && value >= minIframeHeight ? value : previous;
}

export interface MessageViewState {
  status: 'loading' | 'ready' | 'missing' | 'failed';
  message: Message | null;
  items: MessageItem[];
  /** Stream data by audio file id; missing: cannot play. */
  playable: Record<number, PlayableAudioFile>;
  /** The item playback is at (an index of items); null: not playing. */
  playIndex: number | null;
  /** The item shown in the message item modal (a non-audio item reached by playback or opened). */
  modalItemId: number | null;
  /** The item whose editor is open. */
  editingItemId: number | null;
  /** This user's evaluations of the items: id and score by item id. */
  evaluations: Record<number, { id: string; score: ScoreValue }>;
  /** Whom the user may address, once the Add recipients modal asked. */
  addressable: MessageRecipientsResponse | null;
  /** A call in flight: buttons wait. */
  busy: boolean;
  /** The last failed call's text, shown above the items. */
  error: string | null;
}

export const messageView = proxy<MessageViewState>({
  status: 'loading',
  message: null,
  items: [],
  playable: {},
  playIndex: null,
  modalItemId: null,
  editingItemId: null,
  evaluations: {},
  addressable: null,
  busy: false,
  error: null,
});

const byOrder = (items: MessageItem[]) => [...items].sort((a, b) => a.order - b.order || a.id - b.id);

/** What the user may do with the message (spec 2 section 6). */
export interface MessageRights {
  /** Title, recipients, timing, send: the owner of a draft. */
  editMessage: boolean;
  /** Items: the owner of a draft, or a recipient of a recommendation with recipientCanModify. */
  editItems: boolean;
  /** Move, add, type selector and HTML (advancedMessaging). */
  advanced: boolean;
  /** Inline HTML items: only their owner edits them (spec 2 section 4). */
  editInlineHtml: boolean;
  restore: boolean;
  copy: boolean;
}

export function rightsOf(message: Message, user: CurrentUser): MessageRights {
  const draftOfOwner = message.own && !message.sent;
  return {
    editMessage: draftOfOwner,
    editItems: draftOfOwner || (!message.own && message.sent && message.recommendation && message.recipientCanModify),
    advanced: user.config.advancedMessaging,
    editInlineHtml: draftOfOwner,
    restore: message.own && message.sent,
    copy: message.own || message.recipientCanReply,
  };
}

export async function loadMessage(messageId: number, evaluate: boolean): Promise<void> {
  messageView.status = 'loading';
  messageView.playIndex = null;
  messageView.modalItemId = null;
  messageView.editingItemId = null;
  messageView.error = null;
  try {
    const message = await getMessage(messageId);
    if (!message) {
      messageView.status = 'missing';
      return;
    }
    // The message shows with its items, not before them.
    messageView.items = [];
    await reloadItems(evaluate, message);
    messageView.message = message;
    messageView.status = 'ready';
  } catch {
    messageView.status = 'failed';
  }
}

async function reloadItems(evaluate = false, message = messageView.message): Promise<void> {
  if (!message) return;
  const items = byOrder(await getMessageItems(message.id));
  const ids = [...new Set(items.flatMap((i) => (i.type === 'AudioFile' && i.audioFileId !== null && !(i.audioFileId in messageView.playable) ? [i.audioFileId] : [])))];
  if (ids.length > 0) {
    for (const file of (await searchAudioFiles({ ids, limit: ids.length })).items) {
      if (file.streamUrl) messageView.playable[file.id] = { audioFileId: file.id, name: file.name, artist: file.artist ?? file.composer, length: file.length, streamUrl: file.streamUrl, type: file.type };
    }
  }
  messageView.items = items;
  if (evaluate && items.length > 0) {
    const found = await getItemEvaluations(items.map((i) => i.id)).catch(() => []);
    // The latest evaluation of each item is the one that counts.
    for (const e of [...found].sort((a, b) => a.time.localeCompare(b.time))) if (e.messageItemId !== null) messageView.evaluations[e.messageItemId] = { id: e.id, score: e.score };
  }
}

/** What a failed call says: the server's reasons (a ValidationError's fields), else its message. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const reasons = Array.isArray(error.details) ? error.details.flatMap((d: unknown) => (d && typeof d === 'object' && 'message' in d && typeof d.message === 'string' ? [d.message] : [])) : [];
  return reasons.length > 0 ? reasons.join('; ') : (error.serverMessage ?? error.message);
}

/** Runs a change; its failure is shown, not thrown (spec 2 section 8 keeps most failures quiet). */
async function run(change: () => Promise<void>): Promise<boolean> {
  messageView.busy = true;
  messageView.error = null;
  try {
    await change();
    return true;
  } catch (error) {
    messageView.error = describeFailure(error);
    return false;
  } finally {
    messageView.busy = false;
  }
}

export function changeMessage(change: z.input<typeof MessageChange>): Promise<boolean> {
  const message = messageView.message;
  if (!message) return Promise.resolve(false);
  return run(async () => {
    messageView.message = await putMessage(message.id, change);
  });
}

export const sendMessage = () => changeMessage({ sent: true });
export const restoreAsDraft = () => changeMessage({ sent: false });

export function removeRecipient(kind: 'user' | 'group', id: number): Promise<boolean> {
  const message = messageView.message!;
  return kind === 'user'
    ? changeMessage({ recipients: message.recipients.filter((r) => r.id !== id).map((r) => ({ id: r.id })) })
    : changeMessage({ recipientGroups: message.recipientGroups.filter((g) => g.id !== id).map((g) => ({ id: g.id })) });
}

export function setRecipients(users: number[], groups: number[]): Promise<boolean> {
  return changeMessage({ recipients: users.map((id) => ({ id })), recipientGroups: groups.map((id) => ({ id })) });
}

export async function loadAddressable(): Promise<void> {
  if (messageView.addressable) return;
  await run(async () => {
    messageView.addressable = await getMessageRecipients();
  });
}

/** Copies the message (copy-message) and answers the copy's id: the owner's to the same recipients. */
export async function copyCurrent(): Promise<number | null> {
  const message = messageView.message;
  if (!message) return null;
  let id: number | null = null;
  await run(async () => {
    const own = message.own;
    ({ id } = await copyMessage({
      messageId: message.id,
      time: null,
      recipients: own ? message.recipients.map((r) => ({ id: r.id })) : [],
      recipientGroups: own ? message.recipientGroups.map((g) => ({ id: g.id })) : [],
    }));
  });
  return id;
}

// ---- Items -------------------------------------------------------------------------------------

type NewItem = Omit<z.input<typeof NewMessageItem>, 'messageId'>;

/** Adds an item at `position` (spec 2: after the current one, or first) and opens its editor (unless told not to). */
export function addItem(item: NewItem, position?: number, openEditor = true): Promise<boolean> {
  const message = messageView.message!;
  return run(async () => {
    const added = await postMessageItem({ messageId: message.id, ...item, position });
    await reloadItems();
    if (openEditor) messageView.editingItemId = added.id;
  });
}

/**
 * The hook point for "attach file" (spec 2 section 4): once an upload has given a file id, the file
 * becomes a MediaFile item at width 100 %, last.
 */
export function appendUploadedFile(fileId: number): Promise<boolean> {
  return addItem({ type: 'MediaFile', fileId, width: '100%' }, undefined, false);
}

export function changeItem(itemId: number, change: Parameters<typeof putMessageItem>[1]): Promise<boolean> {
  return run(async () => {
    await putMessageItem(itemId, change);
    await reloadItems();
  });
}

/** Move up and down (spec 2 section 4): the item swaps places with its neighbour. */
export function moveItem(itemId: number, by: -1 | 1): Promise<boolean> {
  const index = messageView.items.findIndex((i) => i.id === itemId);
  const position = index + by;
  if (index < 0 || position < 0 || position >= messageView.items.length) return Promise.resolve(false);
  return changeItem(itemId, { position });
}

export function removeItem(itemId: number): Promise<boolean> {
  return run(async () => {
    await deleteMessageItem(itemId);
    if (messageView.editingItemId === itemId) messageView.editingItemId = null;
    await reloadItems();
  });
}

export function editItem(itemId: number | null): void {
  messageView.editingItemId = itemId;
}

// ---- Use: playback, the item modal, clicks, evaluations ----------------------------------------

/** The item's playable audio, or null: only AudioFile items with an audio file play. */
export function audioOf(item: MessageItem): PlayableAudioFile | null {
  return item.type === 'AudioFile' && item.audioFileId !== null ? (messageView.playable[item.audioFileId] ?? null) : null;
}

/** Opens an item in the message item modal; a trackClicks item's open is its click. */
export function openItem(item: MessageItem): void {
  messageView.modalItemId = item.id;
  void logItemAction(item.id, 'open').catch(() => undefined);
}

/** Plays the item at `index`: audio through the one player, anything else in the item modal. */
export function playAt(index: number): void {
  const item = messageView.items[index];
  if (!item) return;
  messageView.playIndex = index;
  const audio = audioOf(item);
  if (audio) {
    messageView.modalItemId = null;
    playAudioFile({ ...audio, source: 'Message', playerId: playerIdOf('Message', { messageId: messageView.message?.id }) });
  } else {
    stopPlayback();
    openItem(item);
  }
}

/** Next moves forward if not last; previous back to a minimum of 0 (spec 2 section 4). */
export function playNext(): void {
  const at = messageView.playIndex ?? -1;
  if (at + 1 < messageView.items.length) playAt(at + 1);
}

export function playPrevious(): void {
  playAt(Math.max(0, (messageView.playIndex ?? 0) - 1));
}

/** The item modal's Stop: closes it and stops playback. */
export function stopItemPlayback(): void {
  const itemId = messageView.modalItemId;
  messageView.modalItemId = null;
  messageView.playIndex = null;
  stopPlayback();
  if (itemId !== null) void logItemAction(itemId, 'close').catch(() => undefined);
}

/** The item modal's Continue playback: on to the next item. */
export function continueItemPlayback(): void {
  const itemId = messageView.modalItemId;
  messageView.modalItemId = null;
  if (itemId !== null) void logItemAction(itemId, 'continue').catch(() => undefined);
  if (messageView.playIndex !== null) playNext();
}

/** Closing the modal without a button: a close. */
export function closeItemModal(): void {
  const itemId = messageView.modalItemId;
  messageView.modalItemId = null;
  if (itemId !== null) void logItemAction(itemId, 'close').catch(() => undefined);
}

/** When an audio item of this message ends, playback goes on to the next item. */
export function followPlayer(): () => void {
  return onPlayerEvent((event) => {
    if (event.type !== 'ended' || event.item.source !== 'Message' || messageView.playIndex === null) return;
    const item = messageView.items[messageView.playIndex];
    if (item && audioOf(item)?.audioFileId === event.item.audioFileId) playNext();
  });
}

/** Green 1, orange 0, red -1 (spec 2 section 9): a new evaluation, or a change of the earlier one. */
export async function evaluateItem(itemId: number, score: ScoreValue): Promise<void> {
  const earlier = messageView.evaluations[itemId];
  if (earlier?.score === score) return;
  await run(async () => {
    if (earlier) await putItemEvaluation(earlier.id, score);
    const id = earlier ? earlier.id : (await postItemEvaluation(itemId, score)).id;
    messageView.evaluations[itemId] = { id, score };
  });
}
