import type { UserConfig } from '../../../schemas/api/user.ts';

// Search state of spec 1 section 3 and the filter logic of section 5: picking categories decides
// which result sections stay on; Clear Selection and reset go back to the defaults.

export interface SearchFilters {
  audioPrograms: boolean;
  musicPieces: boolean;
  recipes: boolean;
  musicChannels: boolean;
  files: boolean;
  artists: boolean;
}

export interface CategorySelection {
  musicCategories: number[];
  programCategories: number[];
}

export const defaultFilters: SearchFilters = {
  audioPrograms: true,
  musicPieces: true,
  recipes: true,
  musicChannels: true,
  files: true,
  artists: false,
};

/**
 * Only music categories picked: programs and recipes off. Only program categories: music off.
 * Otherwise (both kinds or none): all on.
 */
export function filtersForSelection(current: SearchFilters, selection: CategorySelection): SearchFilters {
  const music = selection.musicCategories.length > 0;
  const programs = selection.programCategories.length > 0;
  if (music && !programs) return { ...current, musicPieces: true, audioPrograms: false, recipes: false };
  if (programs && !music) return { ...current, musicPieces: false, audioPrograms: true, recipes: true };
  return { ...current, musicPieces: true, audioPrograms: true, recipes: true };
}

/** Music is on for the user when the music config allows it at all (withInstructor counts). */
export function musicAllowed(config: Pick<UserConfig, 'music'>): boolean {
  return config.music === 'enabled' || config.music === 'withInstructor';
}

/** Which filters the page offers (spec 1 section 2). */
export function offeredFilters(config: Pick<UserConfig, 'recipes' | 'musicChannels' | 'music'>) {
  return { audioPrograms: true, recipes: config.recipes, musicPieces: config.musicChannels && musicAllowed(config) };
}

/** The sections that run: a filter counts only when it is both on and offered. */
export function activeSections(filters: SearchFilters, config: Pick<UserConfig, 'recipes' | 'musicChannels' | 'music'>) {
  const offered = offeredFilters(config);
  return {
    audioPrograms: filters.audioPrograms && offered.audioPrograms,
    recipes: filters.recipes && offered.recipes,
    musicPieces: filters.musicPieces && offered.musicPieces,
  };
}

/** Splits picked category ids by the type of each category. */
export function splitSelection(ids: readonly number[], typeOf: (id: number) => string | undefined): CategorySelection {
  return {
    musicCategories: ids.filter((id) => typeOf(id) === 'Music'),
    programCategories: ids.filter((id) => typeOf(id) === 'Program'),
  };
}

/** Nothing to search for: no text and no category. */
export function isEmptySearch(query: string, selection: CategorySelection): boolean {
  return query.trim() === '' && selection.musicCategories.length === 0 && selection.programCategories.length === 0;
}

/**
 * Whether the search page differs from how it starts: text typed, a category picked or a filter
 * changed. Only then does a click on the Search link ask to reset it (spec 1 section 2).
 */
export function searchTouched(state: { readonly query: string; readonly filters: Readonly<SearchFilters>; readonly selectedCategoryIds: readonly number[] }): boolean {
  const filtersChanged = (Object.keys(defaultFilters) as (keyof SearchFilters)[]).some((name) => state.filters[name] !== defaultFilters[name]);
  return state.query !== '' || state.selectedCategoryIds.length > 0 || filtersChanged;
}
