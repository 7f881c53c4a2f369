import { proxy } from 'valtio';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { playAudioFile, stopPlayback, type PlayableAudioFile } from '../../../lib/player/player-store.ts';
import { getTodaysMessages, postGetAudioFiles } from '../api/get-todays-messages.ts';

// Today's messages (spec 2 section 3, "Today's messages state"): the active recommendation
// messages as title rows, their items, the selected items, the active item and auto-play-next.
// Audio items play through the one player with the queue of the selected audio items, so the
// player's next and previous skip unselected items and auto-play-next is its continuous play.

/** The player's queue name for this page (spec 2: player id 'todaysMessages'). */
export const todaysQueueName = 'todaysMessages';

export interface TodaysState {
  status: 'loading' | 'ready' | 'failed';
  /** Title rows: the messages in page order (index = position). */
  titles: Message[];
  items: MessageItem[];
  /** Ids of the selected items. */
  selectedItems: number[];
  /** Id of the item last started here; null after Reset. */
  activeItemId: number | null;
  autoPlayNext: boolean;
  /** Item ids of the player's queue, in its order: what its index points at. */
  queue: number[];
  /** Stream data by audio file id; missing: not playable (no file, or music not allowed). */
  playable: Record<number, PlayableAudioFile>;
}

export const todays = proxy<TodaysState>({ status: 'loading', titles: [], items: [], selectedItems: [], activeItemId: null, autoPlayNext: false, queue: [], playable: {} });

export async function loadTodays(): Promise<void> {
  todays.status = 'loading';
  try {
    const answer = await getTodaysMessages();
    const ids = [...new Set(answer.items.flatMap((i) => (i.type === 'AudioFile' && i.audioFileId !== null ? [i.audioFileId] : [])))];
    const files = ids.length === 0 ? [] : (await postGetAudioFiles(ids)).items;
    const playable: Record<number, PlayableAudioFile> = {};
    for (const file of files) {
      if (!file.streamUrl) continue;
      playable[file.id] = { audioFileId: file.id, name: file.name, artist: file.artist ?? file.composer, length: file.length, streamUrl: file.streamUrl, type: file.type };
    }
    todays.titles = answer.messages;
    todays.items = answer.items;
    todays.playable = playable;
    todays.selectedItems = todays.selectedItems.filter((id) => answer.items.some((i) => i.id === id));
    todays.status = 'ready';
  } catch {
    todays.status = 'failed';
  }
}

/** The item's playable audio, or null for other item types and files that cannot play. */
export function audioOf(item: MessageItem): PlayableAudioFile | null {
  return item.type === 'AudioFile' && item.audioFileId !== null ? (todays.playable[item.audioFileId] ?? null) : null;
}

/** Items of one title row, in order. */
export function itemsOf(messageId: number): MessageItem[] {
  return todays.items.filter((i) => i.messageId === messageId);
}

export function toggleSelected(itemId: number): void {
  todays.selectedItems = todays.selectedItems.includes(itemId) ? todays.selectedItems.filter((id) => id !== itemId) : [...todays.selectedItems, itemId];
}

/** The selected audio items of `scope` (all items by default) in page order. */
function selectedAudio(scope: readonly MessageItem[]): MessageItem[] {
  return scope.filter((i) => todays.selectedItems.includes(i.id) && audioOf(i) !== null);
}

/**
 * Play all (spec 2): selects every audio item (of the row, or of the page) if none is selected,
 * turns auto-play-next on and plays the first selected item.
 */
export function playAll(messageId?: number): void {
  const scope = messageId === undefined ? todays.items : itemsOf(messageId);
  if (selectedAudio(scope).length === 0) {
    const audio = scope.filter((i) => audioOf(i) !== null).map((i) => i.id);
    todays.selectedItems = [...new Set([...todays.selectedItems, ...audio])];
  }
  todays.autoPlayNext = true;
  const [first] = selectedAudio(scope);
  if (first) playItem(first, scope);
}

/** Plays one audio item; the queue is the selected audio items around it (just the item if unselected). */
export function playItem(item: MessageItem, scope: readonly MessageItem[] = todays.items): void {
  const audio = audioOf(item);
  if (!audio) return;
  const queue = todays.selectedItems.includes(item.id) ? selectedAudio(scope) : [item];
  todays.activeItemId = item.id;
  todays.queue = queue.map((i) => i.id);
  playAudioFile({
    ...audio,
    source: 'TodaysMessages',
    queue: { name: todaysQueueName, items: queue.map(audioOf), index: queue.findIndex((i) => i.id === item.id), continuous: todays.autoPlayNext },
  });
}

/** The item the player is at, when it plays this page's queue (auto-play-next and next/previous move it). */
export function playingItemId(state: { queueName: string | null; index: number; current: { source: string } | null }, queue: readonly number[]): number | null {
  if (state.current?.source !== 'TodaysMessages' || state.queueName !== todaysQueueName) return null;
  return queue[state.index] ?? null;
}

/** Reset (spec 2): clears the selection, the active item and the player. */
export function resetTodays(): void {
  todays.selectedItems = [];
  todays.activeItemId = null;
  todays.queue = [];
  todays.autoPlayNext = false;
  stopPlayback();
}
