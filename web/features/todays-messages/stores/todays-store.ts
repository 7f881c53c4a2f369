import { proxy } from 'valtio';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import type { RecipeHeader, RecipeItem } from '../../../../schemas/api/recipe-items.ts';
import { playAudioFile, stopPlayback, type PlayableAudioFile } from '../../../lib/player/player-store.ts';
import { getTodaysMessages, postGetAudioFiles } from '../api/get-todays-messages.ts';

// Today's messages (spec 2 section 3, "Today's messages state"): the active recommendation
// messages as title rows, their items, the selected items, the active item and auto-play-next.
// Audio items play through the one player with the queue of the selected audio items, so the
// player's next and previous skip unselected items and auto-play-next is its continuous play.
// The radio recipe of the day is one more title row: its Radio items are page items like the
// messages' (a message item or a recipe item), so selection, Play all, next/previous and Reset
// work across both; a recipe item plays with its recipeId, so it counts as guided usage.

/** The player's queue name for this page (spec 2: player id 'todaysMessages'). */
export const todaysQueueName = 'todaysMessages';

/** A page item: a message's item, or a Radio item of the radio recipe of the day. */
export type TodaysItem = MessageItem | RecipeItem;

/** An item's key: a message item's id, or "recipe-{id}" for a recipe item (their ids may coincide). */
export type ItemKey = number | `recipe-${number}`;

export function isRecipeItem(item: TodaysItem): item is RecipeItem {
  return !('messageId' in item);
}

export function keyOf(item: TodaysItem): ItemKey {
  return isRecipeItem(item) ? `recipe-${item.id}` : item.id;
}

export interface TodaysState {
  status: 'loading' | 'ready' | 'failed';
  /** Title rows: the messages in page order (index = position). */
  titles: Message[];
  /** The radio recipe of the day: its title row; null when there is none. */
  radio: RecipeHeader | null;
  /** The page's items: the messages' items, then the radio recipe's. */
  items: TodaysItem[];
  /** Keys of the selected items. */
  selectedItems: ItemKey[];
  /** Key of the item last started here; null after Reset. */
  activeItemId: ItemKey | null;
  autoPlayNext: boolean;
  /** Item keys of the player's queue, in its order: what its index points at. */
  queue: ItemKey[];
  /** Stream data by audio file id; missing: not playable (no file, or music not allowed). */
  playable: Record<number, PlayableAudioFile>;
}

export const todays = proxy<TodaysState>({ status: 'loading', titles: [], radio: null, items: [], selectedItems: [], activeItemId: null, autoPlayNext: false, queue: [], playable: {} });

export async function loadTodays(): Promise<void> {
  todays.status = 'loading';
  try {
    const answer = await getTodaysMessages();
    const ids = [...new Set(answer.items.flatMap((i) => (i.type === 'AudioFile' && i.audioFileId !== null ? [i.audioFileId] : [])))];
    const items: TodaysItem[] = [...answer.items, ...(answer.radio?.items ?? [])];
    const files = ids.length === 0 ? [] : (await postGetAudioFiles(ids)).items;
    const playable: Record<number, PlayableAudioFile> = {};
    for (const file of files) {
      if (!file.streamUrl) continue;
      playable[file.id] = { audioFileId: file.id, name: file.name, artist: file.artist ?? file.composer, length: file.length, streamUrl: file.streamUrl, type: file.type };
    }
    todays.titles = answer.messages;
    todays.radio = answer.radio?.recipe ?? null;
    todays.items = items;
    todays.playable = playable;
    todays.selectedItems = todays.selectedItems.filter((key) => items.some((i) => keyOf(i) === key));
    todays.status = 'ready';
  } catch {
    todays.status = 'failed';
  }
}

/** The item's playable audio, or null for other item types and files that cannot play. */
export function audioOf(item: TodaysItem): PlayableAudioFile | null {
  if (isRecipeItem(item)) {
    if (!item.streamUrl) return null;
    return { audioFileId: item.audioFileId, name: item.audioFileName, artist: item.artist, length: item.length, streamUrl: item.streamUrl, type: item.audioFileType, recipeId: item.recipeId };
  }
  return item.type === 'AudioFile' && item.audioFileId !== null ? (todays.playable[item.audioFileId] ?? null) : null;
}

/** Items of one title row, in order. */
export function itemsOf(messageId: number): MessageItem[] {
  return todays.items.filter((i): i is MessageItem => !isRecipeItem(i) && i.messageId === messageId);
}

/** The radio recipe's items, in order. */
export function radioItems(): RecipeItem[] {
  return todays.items.filter(isRecipeItem);
}

export function toggleSelected(key: ItemKey): void {
  todays.selectedItems = todays.selectedItems.includes(key) ? todays.selectedItems.filter((k) => k !== key) : [...todays.selectedItems, key];
}

/** The selected audio items of `scope` (all items by default) in page order. */
function selectedAudio(scope: readonly TodaysItem[]): TodaysItem[] {
  return scope.filter((i) => todays.selectedItems.includes(keyOf(i)) && audioOf(i) !== null);
}

/**
 * Play all (spec 2): selects every audio item (of the row, or of the page) if none is selected,
 * turns auto-play-next on and plays the first selected item.
 */
export function playAll(row?: number | 'radio'): void {
  const scope = row === undefined ? todays.items : row === 'radio' ? radioItems() : itemsOf(row);
  if (selectedAudio(scope).length === 0) {
    const audio = scope.filter((i) => audioOf(i) !== null).map(keyOf);
    todays.selectedItems = [...new Set([...todays.selectedItems, ...audio])];
  }
  todays.autoPlayNext = true;
  const [first] = selectedAudio(scope);
  if (first) playItem(first, scope);
}

/** Plays one audio item; the queue is the selected audio items around it (just the item if unselected). */
export function playItem(item: TodaysItem, scope: readonly TodaysItem[] = todays.items): void {
  const audio = audioOf(item);
  if (!audio) return;
  const key = keyOf(item);
  const queue = todays.selectedItems.includes(key) ? selectedAudio(scope) : [item];
  todays.activeItemId = key;
  todays.queue = queue.map(keyOf);
  playAudioFile({
    ...audio,
    source: 'TodaysMessages',
    queue: { name: todaysQueueName, items: queue.map(audioOf), index: queue.findIndex((i) => keyOf(i) === key), continuous: todays.autoPlayNext },
  });
}

/** The item the player is at, when it plays this page's queue (auto-play-next and next/previous move it). */
export function playingItemId(state: { queueName: string | null; index: number; current: { source: string } | null }, queue: readonly ItemKey[]): ItemKey | null {
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
