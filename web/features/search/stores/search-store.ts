import { proxy, ref } from 'valtio';
import type { AudioFile, Category } from '../../../../schemas/api/library.ts';
import type { UserConfig } from '../../../../schemas/api/user.ts';
import { getCategories } from '../api/get-categories.ts';
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
// section. Typing searches 500 ms after the last key; Enter, filters and categories at once.

export type SectionName = 'programs' | 'music';

export interface SectionResult {
  items: AudioFile[];
  totalCount: number;
  pageIndex: number;
  busy: boolean;
  failed: boolean;
}

interface SearchContext {
  config: Pick<UserConfig, 'recipes' | 'musicChannels' | 'music'>;
  /** Admins are not logged (spec 1 section 4). */
  admin: boolean;
  pageSize: number;
}

const emptySection = (): SectionResult => ({ items: [], totalCount: 0, pageIndex: 0, busy: false, failed: false });

export const search = proxy({
  query: '',
  filters: { ...defaultFilters } as SearchFilters,
  selectedCategoryIds: [] as number[],
  categories: [] as Category[],
  categoriesLoaded: false,
  /** The text and categories the shown results are for; null before the first search. */
  shownFor: null as { query: string; selection: CategorySelection } | null,
  programs: emptySection(),
  music: emptySection(),
});

let context: SearchContext = { config: { recipes: true, musicChannels: true, music: null }, admin: false, pageSize: 20 };
const sequence: Record<SectionName, number> = { programs: 0, music: 0 };

export function setSearchContext(next: SearchContext): void {
  const pageSizeChanged = next.pageSize !== context.pageSize;
  context = next;
  if (pageSizeChanged && search.shownFor) void runSearch({ log: false });
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
}

export function goToPage(section: SectionName, pageIndex: number): void {
  search[section].pageIndex = pageIndex;
  if (search.shownFor) void fetchSection(section, search.shownFor.query, search.shownFor.selection);
}

async function runSearch({ log }: { log: boolean }): Promise<void> {
  const query = search.query.trim();
  const picked = selection();
  if (isEmptySearch(query, picked)) {
    search.shownFor = null;
    search.programs = emptySection();
    search.music = emptySection();
    return;
  }
  search.shownFor = { query, selection: picked };
  search.programs.pageIndex = 0;
  search.music.pageIndex = 0;
  const sections = activeSections(search.filters, context.config);
  const runs: Array<Promise<void>> = [];
  if (sections.audioPrograms) runs.push(fetchSection('programs', query, picked));
  else search.programs = emptySection();
  if (sections.musicPieces) runs.push(fetchSection('music', query, picked));
  else search.music = emptySection();
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
  const mine = ++sequence[section];
  const target = search[section];
  target.busy = true;
  const categoryIds = section === 'programs' ? picked.programCategories : picked.musicCategories;
  try {
    const answer = await postGetAudioFiles({
      type: section === 'programs' ? 'AudioProgram' : 'MusicPiece',
      ...(query ? { query } : {}),
      ...(categoryIds.length > 0 ? { categoryIds } : {}),
      offset: target.pageIndex * context.pageSize,
      limit: context.pageSize,
    });
    if (mine !== sequence[section]) return;
    // Rows are read-only: a ref keeps valtio from proxying every audio file.
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
