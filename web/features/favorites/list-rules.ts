import type { FavoriteAudioFile, UserTagGroup } from '../../../schemas/api/favorites.ts';
import type { UserConfig } from '../../../schemas/api/user.ts';

// The rules of spec 1 sections 4 and 5 for favorite lists, kept pure so they are tested alone.

/** The no-list default group (spec 1 section 3). */
export const defaultListId = 0;

/** Spec 1 section 5: the copy of a read-only list is offered as '%s (copy)'. */
export function copyName(template: string, name: string): string {
  // A function replacer: a name holding '$&' must not be read as a replacement pattern.
  return template.replace('%s', () => name);
}

/** Rename and remove are disabled when the list cannot be modified or is the default. */
export function canRenameOrRemove(list: Pick<UserTagGroup, 'id' | 'canModify'> | null): boolean {
  return list !== null && list.canModify && list.id !== defaultListId;
}

/** Favorite buttons show if favorites are on (or easy mode) and the list is modifiable or new lists may be made. */
export function showFavoriteButton(config: Pick<UserConfig, 'favorites' | 'mode' | 'canCreateFavoriteLists'>, canModify: boolean): boolean {
  return (config.favorites || config.mode === 'easy') && (canModify || config.canCreateFavoriteLists);
}

/** Up is absent for the very first item, down for the last one overall (spec 1 section 4). */
export function reorderButtons(overallIndex: number, totalCount: number): { up: boolean; down: boolean } {
  return { up: overallIndex > 0, down: overallIndex < totalCount - 1 };
}

/** Lists made by someone else show the owner's name, or the provider's when there is none. */
export function ownerLabel(list: Pick<UserTagGroup, 'canModify' | 'userName'>, providerName: string): string | null {
  if (list.canModify) return null;
  return list.userName && list.userName.trim() !== '' ? list.userName : providerName;
}

/** Favorites whose name, artist, composer or album contain the text (case-insensitive). */
export function filterFavorites<T extends Pick<FavoriteAudioFile, 'name' | 'artist' | 'composer' | 'album'>>(items: readonly T[], text: string): T[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [...items];
  return items.filter((item) =>
    [item.name, item.artist, item.composer, item.album].some((field) => field?.toLocaleLowerCase().includes(needle)),
  );
}

/** One page (1-based) of a list. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

// A list's description is HTML; the edit modal shows it as plain text. Unchanged text keeps the
// original HTML; typed text is stored as escaped paragraphs.
const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

export function descriptionText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? entity)
    .trim();
}

export function descriptionHtml(text: string, original: string): string {
  if (text.trim() === descriptionText(original)) return original;
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}
