import { proxy } from 'valtio';
import type { RecipeHeader, RecipeItem } from '../../../../schemas/api/recipe-items.ts';
import type { UserConfig } from '../../../../schemas/api/user.ts';
import { playAudioFile, playerState, resume, setContinuous, stopPlayback, type PlayableAudioFile } from '../../../lib/player/player-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getRecipeItems } from '../api/get-recipe-items.ts';
import { playAllOrder } from '../play-all.ts';
import { musicAllowed, recipePlayerId, type RecipeButton } from '../tab-rules.ts';

// The recipe screen's state (spec 2 sections 3 and 4): the recipe loaded once, its items, the
// PlayAll list drawn once per load (or reset), and auto-play-next. The active tab lives in the
// address (/recipes/{id}/{button}); playing goes through the one player with source Recipe and
// the recipe's id, so the plays count as guided usage, under the player id of the tab.

export interface RecipeState {
  recipeId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';
  header: RecipeHeader | null;
  items: RecipeItem[];
  /** The PlayAll pseudo-button's items, in their random order. */
  playAll: RecipeItem[];
  autoPlayNext: boolean;
}

export const recipe = proxy<RecipeState>({ recipeId: null, status: 'idle', header: null, items: [], playAll: [], autoPlayNext: false });

let random: () => number = Math.random;

/** Tests hand in a seeded random source for the PlayAll order. */
export function setRecipeRandom(next: (() => number) | null): void {
  random = next ?? Math.random;
}

/** Loads a recipe unless it is the one already loaded (items are loaded once). */
export async function loadRecipe(recipeId: number): Promise<void> {
  if (recipe.recipeId === recipeId && (recipe.status === 'ready' || recipe.status === 'loading')) return;
  recipe.recipeId = recipeId;
  recipe.status = 'loading';
  recipe.header = null;
  recipe.items = [];
  recipe.playAll = [];
  recipe.autoPlayNext = false;
  try {
    const answer = await getRecipeItems(recipeId);
    if (recipe.recipeId !== recipeId) return;
    recipe.header = answer.recipes[0] ?? null;
    recipe.items = answer.items;
    recipe.playAll = playAllOrder(answer.items, random);
    recipe.status = recipe.header ? 'ready' : 'notFound';
  } catch (error) {
    // Spec 2 section 8: recipe item loading failures are only logged.
    console.warn('Recipe items could not be loaded', error);
    if (recipe.recipeId === recipeId) recipe.status = error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed';
  }
}

/** A tab's items in play order: its type's items, or the PlayAll list; no music without the music config. */
export function itemsOfButton(state: Pick<RecipeState, 'items' | 'playAll'>, button: RecipeButton, music: UserConfig['music']): RecipeItem[] {
  const items = button === 'PlayAll' ? state.playAll : state.items.filter((i) => i.type === button);
  return musicAllowed(music) ? [...items] : items.filter((i) => i.type !== 'Music');
}

function playable(item: RecipeItem): PlayableAudioFile | null {
  if (!item.streamUrl) return null;
  return { audioFileId: item.audioFileId, name: item.audioFileName, artist: item.artist, length: item.length, streamUrl: item.streamUrl, type: item.audioFileType, recipeId: item.recipeId };
}

/** Where the player is in this tab's list, or null when it plays something else. */
export function playingIndex(state: { queueName: string | null; index: number; current: { source: string } | null }, recipeId: number, button: RecipeButton): number | null {
  if (state.current?.source !== 'Recipe' || state.queueName !== recipePlayerId(recipeId, button)) return null;
  return state.index;
}

/** Plays one item of a tab, with the tab's list as the queue; auto-play-next decides whether it goes on. */
export function playRecipeItem(recipeId: number, button: RecipeButton, items: readonly RecipeItem[], index: number): void {
  const item = items[index];
  const file = item ? playable(item) : null;
  if (!file) return;
  playAudioFile({
    ...file,
    source: 'Recipe',
    queue: { name: recipePlayerId(recipeId, button), items: items.map(playable), index, continuous: recipe.autoPlayNext, shuffle: false },
  });
}

/**
 * The active tab clicked (or Radio and PlayAll in one click): auto-play-next on, and the tab plays
 * from where it is, or from its first playable item.
 */
export function playTab(recipeId: number, button: RecipeButton, items: readonly RecipeItem[]): void {
  recipe.autoPlayNext = true;
  if (playingIndex(playerState, recipeId, button) !== null) {
    setContinuous(true);
    if (!playerState.playing) resume();
    return;
  }
  const first = items.findIndex((i) => playable(i) !== null);
  if (first >= 0) playRecipeItem(recipeId, button, items, first);
}

/** Reset (the nav link clicked again): auto-play off, a new PlayAll order, and the recipe's playing stops. */
export function resetRecipe(): void {
  recipe.autoPlayNext = false;
  recipe.playAll = playAllOrder(recipe.items, random);
  if (playerState.current?.source === 'Recipe') stopPlayback();
}

/** Whether a reset would change anything. */
export function recipeTouched(activeButton: RecipeButton | null): boolean {
  return activeButton !== null || recipe.autoPlayNext || playerState.current?.source === 'Recipe';
}
