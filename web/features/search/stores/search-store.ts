import { proxy, ref } from 'valtio';
import type { AudioFile, Category } from '../../../../schemas/api/library.ts';
import type { Recipe } from '../../../../schemas/api/recipes.ts';
import type { UserConfig } from '../../../../schemas/api/user.ts';
import { listPageSize } from '../../../lib/list-page-size.ts';
import { getCategories } from '../api/get-categories.ts';
import { getRecipes } from '../api/get-recipes.ts';
import { postGetAudioFiles } from '../api/post-get-audio-files.ts';
import { postSearchLog } from '../api/post-search-log.ts';
import { debounce, searchDebounceMs } from '../debounce.ts';
import {
  activeSections,
  defaultFilters,
  filtersForSelection,
  isEmptySearch,
  splitSelection,
  type CategorySelection,
  type SearchFilters,
} from '../search-filters.ts';

// Search state of spec 1 section 3: text, filters, picked categories and one result page per
// section, 10 rows a page (spec 1 section 9). Typing searches 500 ms after the last key; Enter,
// filters and categories at once.

/** The sections of audio files; recipes are a section of their own kind. */
export type SectionName = 'programs' | 'music';

export interface SectionResult<T = AudioFile> {
  items: T[];
  totalCount: number;
  pageIndex: number;
  busy: boolean;
  failed: boolean;
}

interface SearchContext {
  config: Pick<UserConfig, 'recipes' | 'musicChannels' | 'music'>;
  /** Admins are not logged (spec 1 section 4). */
  admin: boolean;
}

/** What the shown results are for. */
export interface ShownFor {
  query: string;
  selection: CategorySelection;
}

export const searchPageSize = listPageSize;

function emptySection<T = AudioFile>(): SectionResult<T> {
  return { items: [], totalCount: 0, pageIndex: 0, busy: false, failed: false };
}

export const search = proxy({
  query: '',
  filters: { ...defaultFilters } as SearchFilters,
  selectedCategoryIds: [] as number[],
  categories: [] as Category[],
  categoriesLoaded: false,
  /** The text and categories the shown results are for; null before the first search. */
  shownFor: null as ShownFor | null,
  programs: emptySection(),
  music: emptySection(),
  recipes: emptySection<Recipe>(),
});

let context: SearchContext = { config: { recipes: true, musicChannels: true, music: null }, admin: false };
const sequence: Record<SectionName | 'recipes', number> = { programs: 0, music: 0, recipes: 0 };

export function setSearchContext(next: SearchContext): void {
  context = next;
}

export async function loadCategories(): Promise<void> {
  if (search.categoriesLoaded) return;
  try {
    const categories = await getCategories();
    search.categories = categories.filter((category) => category.active).sort((a, b) => a.name.localeCompare(b.name));
    search.categoriesLoaded = true;
  } catch {
    // Without categories the text search still works; the next visit asks again.
  }
}

export function selection(): CategorySelection {
  const types = new Map(search.categories.map((category) => [category.id, category.type]));
  return splitSelection(search.selectedCategoryIds, (id) => types.get(id));
}

const debouncedSearch = debounce(() => void runSearch({ log: true }), searchDebounceMs);

export function setQuery(text: string): void {
  search.query = text;
  debouncedSearch();
}

/** Enter in the field: search now. */
export function submitSearch(): void {
  debouncedSearch.cancel();
  void runSearch({ log: true });
}

export function setFilter(name: 'audioPrograms' | 'recipes' | 'musicPieces', on: boolean): void {
  search.filters[name] = on;
  void runSearch({ log: true });
}

export function setSelectedCategories(ids: number[]): void {
  search.selectedCategoryIds = ids;
  search.filters = filtersForSelection(search.filters, selection());
  void runSearch({ log: true });
}

export function clearSelection(): void {
  setSelectedCategories([]);
}

/** Clicking the Search link while on the page resets it (spec 1 section 2). */
export function resetSearch(): void {
  debouncedSearch.cancel();
  search.query = '';
  search.filters = { ...defaultFilters };
  search.selectedCategoryIds = [];
  search.shownFor = null;
  search.programs = emptySection();
  search.music = emptySection();
  search.recipes = emptySection<Recipe>();
}

export function goToPage(section: SectionName | 'recipes', pageIndex: number): void {
  search[section].pageIndex = pageIndex;
  if (!search.shownFor) return;
  if (section === 'recipes') void fetchRecipes(search.shownFor.query);
  else void fetchSection(section, search.shownFor.query, search.shownFor.selection);
}

/**
 * Names a section's results as a play queue: the same text and categories give the same name, so
 * the section knows the player is going through its list.
 */
export function sectionQueueName(
  section: SectionName,
  shownFor: { readonly query: string; readonly selection: { readonly musicCategories: readonly number[]; readonly programCategories: readonly number[] } } | null,
): string {
  return `search-${section}:${JSON.stringify(shownFor)}`;
}

/** The request of one page of a section's results, for the results shown now. */
function audioFilesRequest(section: SectionName, shown: ShownFor, offset: number, limit: number) {
  const categoryIds = section === 'programs' ? shown.selection.programCategories : shown.selection.musicCategories;
  return {
    type: section === 'programs' ? ('AudioProgram' as const) : ('MusicPiece' as const),
    ...(shown.query ? { query: shown.query } : {}),
    ...(categoryIds.length > 0 ? { categoryIds: [...categoryIds] } : {}),
    offset,
    limit,
  };
}

/**
 * Fetches pages of the results shown now, whatever the page shows later: the player goes on
 * through the list it was started from (spec 1 section 4).
 */
export function sectionPageLoader(section: SectionName): (offset: number, limit: number) => Promise<AudioFile[]> {
  const now = search.shownFor;
  const shown: ShownFor | null = now
    ? { query: now.query, selection: { musicCategories: [...now.selection.musicCategories], programCategories: [...now.selection.programCategories] } }
    : null;
  return async (offset, limit) => {
    if (!shown) return [];
    return (await postGetAudioFiles(audioFilesRequest(section, shown, offset, limit))).items;
  };
}

async function runSearch({ log }: { log: boolean }): Promise<void> {
  const query = search.query.trim();
  const picked = selection();
  if (isEmptySearch(query, picked)) {
    search.shownFor = null;
    search.programs = emptySection();
    search.music = emptySection();
    search.recipes = emptySection<Recipe>();
    return;
  }
  search.shownFor = { query, selection: picked };
  search.programs.pageIndex = 0;
  search.music.pageIndex = 0;
  search.recipes.pageIndex = 0;
  const sections = activeSections(search.filters, context.config);
  const runs: Array<Promise<void>> = [];
  if (sections.audioPrograms) runs.push(fetchSection('programs', query, picked));
  else search.programs = emptySection();
  if (sections.musicPieces) runs.push(fetchSection('music', query, picked));
  else search.music = emptySection();
  if (sections.recipes) runs.push(fetchRecipes(query));
  else search.recipes = emptySection<Recipe>();
  if (log && !context.admin) {
    postSearchLog({
      time: new Date().toISOString(),
      query,
      categoryIds: search.selectedCategoryIds,
      musicPieces: sections.musicPieces,
      // Whether the search was narrowed by music categories.
      musicCategories: picked.musicCategories.length > 0,
      audioPrograms: sections.audioPrograms,
      recipes: sections.recipes,
    }).catch(() => undefined);
  }
  await Promise.all(runs);
}

async function fetchSection(section: SectionName, query: string, picked: CategorySelection): Promise<void> {
  const target = search[section];
  await fetchInto(section, target, async () => {
    const answer = await postGetAudioFiles(audioFilesRequest(section, { query, selection: picked }, target.pageIndex * searchPageSize, searchPageSize));
    return { items: answer.items, totalCount: answer.totalCount };
  });
}

/** Recipes match the text only: categories pick audio files, which recipes are not. */
async function fetchRecipes(query: string): Promise<void> {
  const target = search.recipes;
  await fetchInto('recipes', target, () => getRecipes({ text: query, offset: target.pageIndex * searchPageSize, limit: searchPageSize }));
}

/** Fills a section with a page; only the latest request of a section may write its answer. */
async function fetchInto<T extends object>(
  section: SectionName | 'recipes',
  target: SectionResult<T>,
  fetchPage: () => Promise<{ items: T[]; totalCount: number }>,
): Promise<void> {
  const mine = ++sequence[section];
  target.busy = true;
  try {
    const answer = await fetchPage();
    if (mine !== sequence[section]) return;
    // Rows are read-only: a ref keeps valtio from proxying every row.
    target.items = answer.items.map((item) => ref(item));
    target.totalCount = answer.totalCount;
    target.failed = false;
  } catch {
    if (mine !== sequence[section]) return;
    // Spec 1 section 4: a failed fetch gives an empty result.
    target.items = [];
    target.totalCount = 0;
    target.failed = true;
  } finally {
    if (mine === sequence[section]) target.busy = false;
  }
}
