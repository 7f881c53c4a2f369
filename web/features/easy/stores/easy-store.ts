import { proxy } from 'valtio';
import type { AudioFile } from '../../../../schemas/api/library.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { playAudioFile, playerState, resetPlayers, type PlayableAudioFile } from '../../../lib/player/player-store.ts';
import { getEvaluations } from '../api/get-evaluations.ts';
import { getFavorites } from '../api/get-favorites.ts';
import { getTodaysMessages } from '../api/get-todays-messages.ts';
import { getUserTagGroups } from '../api/get-user-tag-groups.ts';
import { postEvaluation } from '../api/post-evaluation.ts';
import { postGetAudioFiles } from '../api/post-get-audio-files.ts';
import { postUserTagGroup } from '../api/post-user-tag-group.ts';
import { putAudioFileFavorite } from '../api/put-audio-file-favorite.ts';
import { likeActions, playKey, shouldLeaveEasyList, type EasySubMode } from '../easy-rules.ts';

// The easy-mode screen's state (spec 1 section 4, "Easy mode"): two sub-modes, recommendation
// (today's recommended pieces) and favorites (the easy favorite list, config
// easyFavoriteListName), the tiles of each, and the ratings given per play. Both play through the
// one shared player; switching sub-mode resets it.

export interface EasyTile extends PlayableAudioFile {
  /** Cover image (GET /api/file/{imageId}/thumbnail), null without one. */
  imageId: number | null;
}

export interface EasyState {
  status: 'loading' | 'ready' | 'failed';
  subMode: EasySubMode;
  /** The easy list's id, null when the user has none and could not make one. */
  listId: number | null;
  favorites: EasyTile[];
  /** When each file of the easy list joined it (ISO), for the dislike-removal rule. */
  joinedAt: Record<number, string>;
  recommendations: EasyTile[];
  /** Ratings given, by playKey: one per play of an item. */
  ratings: Record<string, 1 | -1>;
  /** i18n key of the last thing a button did, read out to the user. */
  notice: string | null;
  busy: boolean;
}

export const easy = proxy<EasyState>({ status: 'loading', subMode: 'recommendation', listId: null, favorites: [], joinedAt: {}, recommendations: [], ratings: {}, notice: null, busy: false });

/** The players' queue names: the easy favorites player shares the favorites name (spec 1 section 7). */
export const recommendationQueue = 'easy-recommendation';
export const favoritesQueue = (listId: number | null) => `favorites-${listId ?? 0}`;

let easyListName: string | null = null;

const tileOf = (file: AudioFile): EasyTile | null =>
  file.streamUrl ? { audioFileId: file.id, name: file.stageTitle ?? file.name, artist: file.artist ?? file.composer, length: file.length, streamUrl: file.streamUrl, type: file.type, imageId: file.imageId } : null;

/** The files of `ids` that can play, in the order of `ids`. */
async function tilesOf(ids: number[]): Promise<EasyTile[]> {
  if (ids.length === 0) return [];
  const files = new Map((await postGetAudioFiles(ids)).items.map((file) => [file.id, tileOf(file)]));
  return ids.flatMap((id) => {
    const tile = files.get(id);
    return tile ? [tile] : [];
  });
}

/** The easy list: the user's own list of that name first, then one shared with them; made if missing. */
async function findEasyList(name: string): Promise<number | null> {
  const lists = (await getUserTagGroups()).filter((list) => list.name === name);
  const found = lists.find((list) => list.canModify) ?? lists[0];
  if (found) return found.id;
  try {
    return (await postUserTagGroup(name)).id;
  } catch {
    return null;
  }
}

export async function loadFavorites(): Promise<void> {
  if (easy.listId === null) {
    easy.favorites = [];
    return;
  }
  const answer = await getFavorites(easy.listId);
  const files = answer.audioFiles.filter((f) => f.listId === easy.listId);
  easy.joinedAt = Object.fromEntries(files.map((f) => [f.audioFileId, f.insertionTime]));
  easy.favorites = await tilesOf(files.map((f) => f.audioFileId));
}

async function loadRecommendations(): Promise<void> {
  const answer = await getTodaysMessages();
  const ids = [...new Set(answer.items.flatMap((item) => (item.type === 'AudioFile' && item.audioFileId !== null ? [item.audioFileId] : [])))];
  easy.recommendations = await tilesOf(ids);
}

/** At start-up: the easy list (made when missing, spec 1 section 7) and both sets of tiles. */
export async function loadEasy(user: Pick<CurrentUser, 'config'>): Promise<void> {
  easy.status = 'loading';
  easyListName = user.config.easyFavoriteListName;
  try {
    easy.listId = easyListName ? await findEasyList(easyListName) : null;
    await Promise.all([loadFavorites(), loadRecommendations()]);
    easy.status = 'ready';
  } catch {
    easy.status = 'failed';
  }
}

/** Switching sub-mode resets every player; favorites reloads its list (spec 1 section 4). */
export function setSubMode(mode: EasySubMode): void {
  resetPlayers();
  easy.subMode = mode;
  easy.notice = null;
  if (mode === 'favorites') void loadFavorites().catch(() => undefined);
}

/** Plays a tile of one set with that set as the queue: recommendation plays all of today's items. */
export function playTile(set: 'recommendation' | 'favorites', index: number): void {
  const tiles = set === 'favorites' ? easy.favorites : easy.recommendations;
  const tile = tiles[index];
  if (!tile) return;
  easy.notice = null;
  const favoriteListId = set === 'favorites' ? easy.listId : null;
  playAudioFile({
    ...tile,
    favoriteListId,
    source: set === 'favorites' ? 'Favorites' : 'TodaysMessages',
    queue: { name: set === 'favorites' ? favoritesQueue(easy.listId) : recommendationQueue, items: tiles.map((t) => ({ ...t, favoriteListId })), index, continuous: true },
  });
}

/** The item playing, when this screen started it. */
export function activeItem(): { audioFileId: number; startedAt: string } | null {
  const { current, startedAt, queueName } = playerState;
  if (!current || !startedAt) return null;
  if (queueName !== recommendationQueue && queueName !== favoritesQueue(easy.listId)) return null;
  return { audioFileId: current.audioFileId, startedAt };
}

export const inEasyList = (audioFileId: number) => easy.favorites.some((tile) => tile.audioFileId === audioFileId);

async function rate(item: { audioFileId: number; startedAt: string }, score: 1 | -1): Promise<{ time: string; score: number; id: string } | null> {
  const key = playKey(item.audioFileId, item.startedAt);
  if (easy.ratings[key] !== undefined) return null;
  easy.ratings[key] = score;
  const time = new Date().toISOString();
  try {
    const made = await postEvaluation(item.audioFileId, score, time);
    return { time: made.time, score: made.score, id: made.id };
  } catch {
    delete easy.ratings[key];
    throw new Error('rating failed');
  }
}

/** Like: in recommendation mode the piece joins the easy list if absent; then +1 once per play. */
export async function like(): Promise<void> {
  const item = activeItem();
  if (!item || easy.busy) return;
  easy.busy = true;
  try {
    const rated = easy.ratings[playKey(item.audioFileId, item.startedAt)] !== undefined;
    const actions = likeActions(easy.subMode, inEasyList(item.audioFileId), rated);
    if (actions.addToList && easy.listId !== null) {
      await putAudioFileFavorite(easy.listId, item.audioFileId, true);
      const tile = [...easy.recommendations, ...easy.favorites].find((t) => t.audioFileId === item.audioFileId);
      if (tile && !inEasyList(item.audioFileId)) easy.favorites = [...easy.favorites, tile];
      easy.joinedAt[item.audioFileId] = new Date().toISOString();
    }
    if (actions.rate) await rate(item, 1);
    easy.notice = actions.addToList && easy.listId !== null ? 'Added to your favorites' : 'Thank you!';
  } catch {
    easy.notice = 'That did not work. Please try again.';
  } finally {
    easy.busy = false;
  }
}

/**
 * Dislike: -1 once per play. In recommendation mode an audio file whose latest 3 ratings since it
 * joined the easy list are all -1 leaves the list (spec 1 sections 4 and 9).
 */
export async function dislike(): Promise<void> {
  const item = activeItem();
  if (!item || easy.busy) return;
  easy.busy = true;
  try {
    const made = await rate(item, -1);
    easy.notice = 'Thank you!';
    const joined = easy.joinedAt[item.audioFileId];
    if (made && easy.subMode === 'recommendation' && easy.listId !== null && joined && inEasyList(item.audioFileId)) {
      // The read model may not hold the rating just made yet: it is counted here once.
      const stored = await getEvaluations(item.audioFileId, joined);
      const ratings = stored.some((e) => e.id === made.id) ? stored : [...stored, made];
      if (shouldLeaveEasyList(ratings, joined)) {
        await putAudioFileFavorite(easy.listId, item.audioFileId, false);
        easy.favorites = easy.favorites.filter((tile) => tile.audioFileId !== item.audioFileId);
        delete easy.joinedAt[item.audioFileId];
        easy.notice = 'Removed from your favorites';
      }
    }
  } catch {
    easy.notice = 'That did not work. Please try again.';
  } finally {
    easy.busy = false;
  }
}
