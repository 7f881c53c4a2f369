import { recipeItemTypes } from '../../../schemas/api/recipe-item-types.ts';
import type { RecipeItemType } from '../../../schemas/api/recipe-items.ts';
import type { UserConfig } from '../../../schemas/api/user.ts';

// The tabs of the recipe screen (spec 2 sections 2 and 4): one per content type and PlayAll,
// which tabs show and which are enabled, what a click on a tab does, the play length a tab shows,
// and the cut of an inactive item's description.

export type RecipeButton = RecipeItemType | 'PlayAll';
export const recipeButtons: readonly RecipeButton[] = [...recipeItemTypes, 'PlayAll'];

/** One click plays Radio and PlayAll with auto-play-next (spec 2 section 4, oneClickAutoPlay). */
export const oneClickAutoPlay = true;
const oneClickButtons: readonly RecipeButton[] = ['Radio', 'PlayAll'];

/** The button of a path segment ('/recipes/5/News'), null for none or one that is not a button. */
export function parseButton(segment: string | undefined | null): RecipeButton | null {
  if (!segment) return null;
  const decoded = safeDecode(segment);
  return recipeButtons.find((b) => b.toLowerCase() === decoded.toLowerCase()) ?? null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Music is a tab only with the music config on (enabled, or withInstructor). */
export function musicAllowed(music: UserConfig['music']): boolean {
  return music === 'enabled' || music === 'withInstructor';
}

export function visibleButtons(music: UserConfig['music']): RecipeButton[] {
  return recipeButtons.filter((b) => b !== 'Music' || musicAllowed(music));
}

/** A tab with no items is disabled. */
export function isButtonEnabled(button: RecipeButton, itemCount: number): boolean {
  void button;
  return itemCount > 0;
}

/**
 * What a click on a tab does: an inactive tab becomes active (the screen navigates to it), and
 * with one-click auto-play Radio and PlayAll also start; the active tab starts playing with
 * auto-play-next on.
 */
export type TabClick = 'activate' | 'activateAndPlay' | 'play' | 'none';

export function tabClick(button: RecipeButton, active: RecipeButton | null, enabled: boolean, oneClick = oneClickAutoPlay): TabClick {
  if (!enabled) return 'none';
  if (button === active) return 'play';
  return oneClick && oneClickButtons.includes(button) ? 'activateAndPlay' : 'activate';
}

/**
 * The play length a tab shows: the whole tab's, or, while one of its items plays, what is left
 * from the current position to the end of the tab.
 */
export function tabLength(lengths: readonly number[], playingIndex: number | null, currentTime: number): { seconds: number; remaining: boolean } {
  const total = lengths.reduce((sum, s) => sum + s, 0);
  if (playingIndex === null || playingIndex < 0 || playingIndex >= lengths.length) return { seconds: total, remaining: false };
  const rest = lengths.slice(playingIndex).reduce((sum, s) => sum + s, 0);
  return { seconds: Math.max(0, rest - Math.max(0, currentTime)), remaining: true };
}

export const descriptionCutOff = 100;

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** An inactive item's description as one line of text, cut at 100 characters with '...'. */
export function shortDescription(html: string | null, max = descriptionCutOff): string {
  const text = (html ?? '')
    // Block tags part words; inline ones (<b>, <i>) do not.
    .replace(/<\/?(p|br|div|li|ul|ol|h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** The shared player's id for a tab (spec 2 section 9): 'recipe/{recipeId}/{button}'. */
export function recipePlayerId(recipeId: number, button: RecipeButton): string {
  return `recipe/${recipeId}/${button}`;
}
