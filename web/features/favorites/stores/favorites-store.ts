import { proxy } from 'valtio';
import type { FavoriteAudioFile, FavoriteRecipe, UserTagGroup } from '../../../../schemas/api/favorites.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteUserTagGroup } from '../api/delete-user-tag-group.ts';
import { getFavorites } from '../api/get-favorites.ts';
import { getUserTagGroups } from '../api/get-user-tag-groups.ts';
import { postCopyUserTagGroup } from '../api/post-copy-user-tag-group.ts';
import { postGetAudioFiles } from '../api/post-get-audio-files.ts';
import { postSetActiveUserTagGroup } from '../api/post-set-active-user-tag-group.ts';
import { postUserTagGroup } from '../api/post-user-tag-group.ts';
import { putAudioFileFavorite } from '../api/put-audio-file-favorite.ts';
import { putAudioFileFavoriteOrder } from '../api/put-audio-file-favorite-order.ts';
import { putRecipeFavorite } from '../api/put-recipe-favorite.ts';
import { putUserTagGroup } from '../api/put-user-tag-group.ts';
import { defaultListId } from '../list-rules.ts';

// Favorites state of spec 1 section 3: the lists, the active one and its content. One store for
// the favorites page, the bottom list selector and the favorite buttons elsewhere.

/** What the player needs beyond the favorite row: the stream URL (null: no stored file). */
export interface Playable {
  streamUrl: string | null;
  type: 'MusicPiece' | 'AudioProgram';
}

export interface FavoritesState {
  userId: number | null;
  lists: UserTagGroup[];
  /** 0 is the no-list default group. */
  activeListId: number;
  items: FavoriteAudioFile[];
  recipes: FavoriteRecipe[];
  playable: Record<number, Playable>;
  loaded: boolean;
  busy: boolean;
  /** i18n key of the last failure, shown as an alert. */
  error: string | null;
}

export const favorites = proxy<FavoritesState>({
  userId: null,
  lists: [],
  activeListId: defaultListId,
  items: [],
  recipes: [],
  playable: {},
  loaded: false,
  busy: false,
  error: null,
});

/** The active list's row; the default group is modifiable by its owner and has no row of its own. */
interface ListsView {
  readonly lists: readonly Readonly<UserTagGroup>[];
  readonly activeListId: number;
}

export function activeList(state: ListsView): Readonly<UserTagGroup> | null {
  return state.lists.find((list) => list.id === state.activeListId) ?? null;
}

export function activeListCanModify(state: ListsView): boolean {
  return state.activeListId === defaultListId || activeList(state)?.canModify === true;
}

function failed(error: unknown): void {
  favorites.error = error instanceof ApiError && error.kind === 'AccessDenied' ? 'Access denied' : 'Request failed';
}

async function guarded(work: () => Promise<void>): Promise<boolean> {
  favorites.busy = true;
  favorites.error = null;
  try {
    await work();
    return true;
  } catch (error) {
    failed(error);
    return false;
  } finally {
    favorites.busy = false;
  }
}

let firstLoad: Promise<void> | null = null;

/** Loads once per logged-in user; the footer selector, the page and the buttons all ask and wait for the same load. */
export function ensureFavorites(user: Pick<CurrentUser, 'id' | 'activeUserTagGroupId'>): Promise<void> {
  if (favorites.userId === user.id && firstLoad) return firstLoad;
  favorites.userId = user.id;
  favorites.activeListId = user.activeUserTagGroupId ?? defaultListId;
  firstLoad = reloadFavorites();
  return firstLoad;
}

export async function reloadFavorites(): Promise<void> {
  await guarded(async () => {
    await loadLists();
    await loadActiveList();
  });
  favorites.loaded = true;
}

// Commands append events; the lists and their content are read from a projection that follows
// the log a moment later. After a change the store reads again until the change shows (or gives
// up after a few seconds and shows what there is), so the user never sees their change undone.
const settleTries = 25;
const settleDelayMs = 200;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function loadLists(settled: (lists: UserTagGroup[]) => boolean = () => true): Promise<void> {
  let lists = await getUserTagGroups();
  for (let attempt = 1; attempt < settleTries && !settled(lists); attempt++) {
    await pause(settleDelayMs);
    lists = await getUserTagGroups();
  }
  favorites.lists = lists.filter((list) => list.id !== defaultListId);
  // Spec 1 section 4: if the active list no longer exists, there is no active list.
  if (favorites.activeListId !== defaultListId && !lists.some((list) => list.id === favorites.activeListId)) {
    favorites.activeListId = defaultListId;
  }
}

interface ListContent {
  items: FavoriteAudioFile[];
  recipes: FavoriteRecipe[];
}

async function loadActiveList(settled: (content: ListContent) => boolean = () => true): Promise<void> {
  const listId = favorites.activeListId;
  const read = async (): Promise<ListContent> => {
    const answer = await getFavorites(listId);
    return { items: answer.audioFiles.filter((file) => file.listId === listId), recipes: answer.recipes.filter((recipe) => recipe.listId === listId) };
  };
  let content = await read();
  for (let attempt = 1; attempt < settleTries && !settled(content); attempt++) {
    await pause(settleDelayMs);
    content = await read();
  }
  if (favorites.activeListId !== listId) return;
  favorites.items = content.items;
  favorites.recipes = content.recipes;
}

/** Fetches stream URLs for the rows on screen, only those not yet held; false when the fetch failed. */
export async function ensurePlayable(audioFileIds: readonly number[]): Promise<boolean> {
  const missing = [...new Set(audioFileIds)].filter((id) => !(id in favorites.playable));
  if (missing.length === 0) return true;
  try {
    const answer = await postGetAudioFiles({ ids: missing, limit: missing.length });
    for (const id of missing) favorites.playable[id] = { streamUrl: null, type: 'AudioProgram' };
    for (const file of answer.items) favorites.playable[file.id] = { streamUrl: file.streamUrl, type: file.type };
    return true;
  } catch {
    // Rows stay without play buttons; the next page change asks again.
    return false;
  }
}

export async function selectList(listId: number): Promise<void> {
  if (listId === favorites.activeListId && favorites.loaded) return;
  favorites.activeListId = listId;
  favorites.items = [];
  favorites.recipes = [];
  await guarded(async () => {
    await postSetActiveUserTagGroup(listId === defaultListId ? null : listId);
    await loadActiveList();
  });
}

export async function createList(name: string, description: string): Promise<boolean> {
  return guarded(async () => {
    const created = await postUserTagGroup({ name, description });
    await loadLists((lists) => lists.some((list) => list.id === created.id));
    await activate(created.id);
  });
}

/** What a favorite button pressed on a read-only list adds to the copy once made. */
export interface CopyAddition {
  audioFileId?: number;
  recipeId?: number;
}

/** Spec 1 section 4: copying posts a new list, copies the old content, activates it, and may add an audio file or recipe. */
export async function copyList(sourceId: number, name: string, description: string, add: CopyAddition = {}): Promise<boolean> {
  const { audioFileId, recipeId } = add;
  return guarded(async () => {
    const created = await postUserTagGroup({ name, description });
    const copied = await postCopyUserTagGroup({ srcUserTagGroupId: sourceId, dstUserTagGroupId: created.id });
    if (audioFileId !== undefined) await putAudioFileFavorite({ userTagGroupId: created.id, audioFileId, value: true });
    if (recipeId !== undefined) await putRecipeFavorite({ userTagGroupId: created.id, recipeId, value: true });
    await loadLists((lists) => lists.some((list) => list.id === created.id));
    await activate(
      created.id,
      ({ items, recipes }) =>
        items.length >= copied.audioFileCount &&
        recipes.length >= copied.recipeCount &&
        (audioFileId === undefined || items.some((item) => item.audioFileId === audioFileId)) &&
        (recipeId === undefined || recipes.some((recipe) => recipe.recipeId === recipeId)),
    );
  });
}

async function activate(listId: number, settled?: (content: ListContent) => boolean): Promise<void> {
  favorites.activeListId = listId;
  await postSetActiveUserTagGroup(listId);
  await loadActiveList(settled);
}

export async function renameList(listId: number, name: string, description: string): Promise<boolean> {
  return guarded(async () => {
    const renamed = await putUserTagGroup(listId, { name, description });
    await loadLists((lists) => lists.some((list) => list.id === listId && list.name === renamed.name && list.description === renamed.description));
  });
}

/** Removing the active list clears the active list (spec 1 section 4). */
export async function removeList(listId: number): Promise<boolean> {
  return guarded(async () => {
    await deleteUserTagGroup(listId);
    if (favorites.activeListId === listId) {
      favorites.activeListId = defaultListId;
      await postSetActiveUserTagGroup(null);
    }
    await loadLists((lists) => !lists.some((list) => list.id === listId));
    await loadActiveList();
  });
}

export function isFavorite(audioFileId: number): boolean {
  return favorites.items.some((item) => item.audioFileId === audioFileId);
}

/** Sets or clears the file in the active list; a new one goes last (the server gives max order + 1). */
export async function setFavorite(audioFileId: number, value: boolean): Promise<boolean> {
  const listId = favorites.activeListId;
  return guarded(async () => {
    await putAudioFileFavorite({ userTagGroupId: listId, audioFileId, value });
    await loadActiveList(({ items }) => items.some((item) => item.audioFileId === audioFileId) === value);
  });
}

export async function moveFavorite(audioFileId: number, direction: 'up' | 'down'): Promise<boolean> {
  const listId = favorites.activeListId;
  const order = favorites.items.find((item) => item.audioFileId === audioFileId)?.order ?? null;
  return guarded(async () => {
    const { moved } = await putAudioFileFavoriteOrder({ userTagGroupId: listId, audioFileId, order, direction });
    await loadActiveList(({ items }) => moved.every((m) => items.find((item) => item.audioFileId === m.audioFileId)?.order === m.order));
  });
}

/** Sets or clears the recipe in the active list. */
export async function setRecipeFavorite(recipeId: number, value: boolean): Promise<boolean> {
  const listId = favorites.activeListId;
  return guarded(async () => {
    await putRecipeFavorite({ userTagGroupId: listId, recipeId, value });
    await loadActiveList(({ recipes }) => recipes.some((recipe) => recipe.recipeId === recipeId) === value);
  });
}

export function clearFavoritesError(): void {
  favorites.error = null;
}
