import { proxy } from 'valtio';
import type { Recipe } from '../../../../schemas/api/recipes.ts';
import { listPageSize } from '../../../lib/list-page-size.ts';
import { getRecipes } from '../api/get-recipes.ts';

// The recipe list (spec 2 section 2): the search text as typed and as last searched, the sort,
// the page shown and its rows. A newer request wins over a slower older one.

export interface RecipeListState {
  text: string;
  /** The text the rows were searched with (the Search button or Enter sets it). */
  shownText: string;
  sortByInsertionTime: boolean;
  pageIndex: number;
  totalCount: number;
  items: Recipe[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

export const recipeList = proxy<RecipeListState>({ text: '', shownText: '', sortByInsertionTime: false, pageIndex: 0, totalCount: 0, items: [], status: 'idle' });

let sequence = 0;

export async function loadRecipeList(): Promise<void> {
  const mine = ++sequence;
  recipeList.status = 'loading';
  try {
    const page = await getRecipes({ text: recipeList.shownText, offset: recipeList.pageIndex * listPageSize, limit: listPageSize, sortByInsertionTime: recipeList.sortByInsertionTime });
    if (mine !== sequence) return;
    recipeList.items = page.items;
    recipeList.totalCount = page.totalCount;
    recipeList.status = 'ready';
  } catch {
    if (mine === sequence) recipeList.status = 'failed';
  }
}

export function setSearchText(text: string): void {
  recipeList.text = text;
}

export function searchRecipes(): Promise<void> {
  recipeList.shownText = recipeList.text.trim();
  recipeList.pageIndex = 0;
  return loadRecipeList();
}

export function setSortByInsertionTime(on: boolean): Promise<void> {
  recipeList.sortByInsertionTime = on;
  recipeList.pageIndex = 0;
  return loadRecipeList();
}

export function goToRecipePage(pageIndex: number): Promise<void> {
  recipeList.pageIndex = pageIndex;
  return loadRecipeList();
}

/** Whether there is anything to reset: a search, a sort or a later page. */
export function recipeListChanged(): boolean {
  return recipeList.text !== '' || recipeList.shownText !== '' || recipeList.sortByInsertionTime || recipeList.pageIndex !== 0;
}

export function resetRecipeList(): Promise<void> {
  recipeList.text = '';
  recipeList.shownText = '';
  recipeList.sortByInsertionTime = false;
  recipeList.pageIndex = 0;
  return loadRecipeList();
}
