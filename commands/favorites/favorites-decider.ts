import { AppError, accessDenied, invalidRequest, notFound } from '../../infra/errors.ts';
import type { Decider } from '../../infra/event-store/decider.ts';
import type { FavoriteEvent } from '../../schemas/events/favorites.ts';

// One favorite list (stream `favorite-list-{id}`, or a user's default list 0 on `favorites-{userId}`,
// which also holds the user's active list). Only the list's maker changes it (spec 1 section 6);
// the default list belongs to the user whose stream it is, and the handler only ever picks the
// caller's own, so list 0 is always the actor's. Lookups (the source of a copy, whether a list
// may be read) are done by the handler and passed in: decide stays pure.

export interface Actor {
  userId: number;
  /** Logged in with the admin password: favorite changes carry the admin marker. */
  admin: boolean;
}

export interface CopySource {
  listId: number;
  userId: number;
  /** Ascending by order. */
  audioFileIds: readonly number[];
  recipeIds: readonly number[];
}

/** What the handler found about the list a user wants active. */
export type ActiveTarget = 'readable' | 'missing' | 'denied';

export type FavoritesCommand =
  | { kind: 'createList'; actor: Actor; listId: number; name: string; description: string; userGroupId: number | null; at: string }
  /** description undefined: keep the current one. */
  | { kind: 'renameList'; actor: Actor; listId: number; name: string; description: string | undefined; at: string }
  | { kind: 'removeList'; actor: Actor; listId: number; at: string }
  | { kind: 'setAudioFile'; actor: Actor; listId: number; audioFileId: number; value: boolean; order: number | null; insertionTime: string | null; at: string }
  | { kind: 'moveAudioFile'; actor: Actor; listId: number; audioFileId: number; direction: 'up' | 'down'; at: string }
  | { kind: 'setRecipe'; actor: Actor; listId: number; recipeId: number; value: boolean; at: string }
  | { kind: 'copyInto'; actor: Actor; listId: number; source: CopySource; at: string }
  /** Shares a made list read-only with a user group (null: with none); the handler checks the caller belongs to it. */
  | { kind: 'shareList'; actor: Actor; listId: number; userGroupId: number | null; at: string }
  /** The back office's batch requests: files the list lacks added last (or first, in the order given), recipes added, files removed. */
  | { kind: 'addAudioFiles'; actor: Actor; listId: number; audioFileIds: readonly number[]; first: boolean; at: string }
  | { kind: 'removeAudioFiles'; actor: Actor; listId: number; audioFileIds: readonly number[]; at: string }
  | { kind: 'addRecipes'; actor: Actor; listId: number; recipeIds: readonly number[]; at: string }
  /** A file of the list to `order`; a file holding it and the run after it move one step down. */
  | { kind: 'setAudioFileOrder'; actor: Actor; listId: number; audioFileId: number; order: number; at: string }
  /** On the actor's default stream: `activeListId` null is no active list. */
  | { kind: 'setActiveList'; actor: Actor; activeListId: number | null; target: ActiveTarget; at: string };

export interface FavoriteListState {
  /** A made list (id > 0) exists once created; the default list always exists. */
  created: boolean;
  removed: boolean;
  ownerUserId: number | null;
  name: string;
  description: string;
  userGroupId: number | null;
  audioFiles: ReadonlyMap<number, { order: number; insertionTime: string }>;
  recipes: ReadonlySet<number>;
  /** Only on a user's default stream; undefined when never set. */
  activeListId: number | null | undefined;
}

export const initialFavoriteListState = (): FavoriteListState => ({
  created: false,
  removed: false,
  ownerUserId: null,
  name: '',
  description: '',
  userGroupId: null,
  audioFiles: new Map(),
  recipes: new Set(),
  activeListId: undefined,
});

export function evolveFavoriteList(state: FavoriteListState, event: FavoriteEvent): FavoriteListState {
  switch (event.type) {
    case 'FavoriteListCreated': {
      const { userId, name, description, userGroupId } = event.data;
      return { ...state, created: true, ownerUserId: userId, name, description, userGroupId: userGroupId ?? null };
    }
    case 'FavoriteListRenamed':
      return { ...state, name: event.data.name, description: event.data.description };
    case 'FavoriteListShared':
      return { ...state, userGroupId: event.data.userGroupId };
    case 'FavoriteListRemoved':
      return { ...state, removed: true };
    case 'FavoriteListCopied':
      return state;
    case 'AudioFileFavorited':
      return { ...state, audioFiles: new Map(state.audioFiles).set(event.data.audioFileId, { order: event.data.order, insertionTime: event.data.insertionTime }) };
    case 'AudioFileUnfavorited': {
      const audioFiles = new Map(state.audioFiles);
      audioFiles.delete(event.data.audioFileId);
      return { ...state, audioFiles };
    }
    case 'AudioFileFavoriteMoved': {
      const current = state.audioFiles.get(event.data.audioFileId);
      if (!current) return state;
      return { ...state, audioFiles: new Map(state.audioFiles).set(event.data.audioFileId, { ...current, order: event.data.order }) };
    }
    case 'RecipeFavorited':
      return { ...state, recipes: new Set(state.recipes).add(event.data.recipeId) };
    case 'RecipeUnfavorited': {
      const recipes = new Set(state.recipes);
      recipes.delete(event.data.recipeId);
      return { ...state, recipes };
    }
    case 'ActiveFavoriteListSet':
      return { ...state, activeListId: event.data.listId };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** Audio files in list order: by order, ties by id, so every reader sees the same sequence. */
export function orderedAudioFiles(state: FavoriteListState): { audioFileId: number; order: number }[] {
  return [...state.audioFiles].map(([audioFileId, { order }]) => ({ audioFileId, order })).sort((a, b) => a.order - b.order || a.audioFileId - b.audioFileId);
}

const maxOrder = (state: FavoriteListState): number => Math.max(0, ...[...state.audioFiles.values()].map((f) => f.order));

/**
 * Order is unique in a list: a file put back at a requested order that another file holds pushes
 * that file, and the run of files right after it, one step down. Only the run moves, so a list with
 * gaps keeps them; the last one first, so no two files share an order at any step.
 */
function makeRoomAt(state: FavoriteListState, order: number): { audioFileId: number; order: number }[] {
  const files = orderedAudioFiles(state);
  const run: { audioFileId: number; order: number }[] = [];
  let next = order;
  for (const file of files) {
    if (file.order < order) continue;
    if (file.order > next) break;
    run.push({ audioFileId: file.audioFileId, order: file.order + 1 });
    next = file.order + 1;
  }
  return run.reverse();
}

/** The list exists and the actor made it; otherwise NotFound or AccessDenied. */
function requireModifiable(command: { actor: Actor; listId: number }, state: FavoriteListState): void {
  if (command.listId === 0) return;
  if (!state.created || state.removed) throw notFound();
  if (state.ownerUserId !== command.actor.userId) throw accessDenied('You can modify only those favorite lists made by you.');
}

function requireNamedList(listId: number): void {
  if (listId === 0) throw invalidRequest('The default favorite list cannot be renamed or removed');
}

export const favoritesDecider: Decider<FavoritesCommand, FavoriteEvent, FavoriteListState> = {
  initialState: initialFavoriteListState,
  evolve: evolveFavoriteList,
  decide(command, state): FavoriteEvent[] {
    if (command.kind === 'setActiveList') {
      if (command.target === 'missing') throw notFound();
      if (command.target === 'denied') throw accessDenied();
      if (state.activeListId === command.activeListId) return [];
      return [{ type: 'ActiveFavoriteListSet', data: { userId: command.actor.userId, listId: command.activeListId, at: command.at } }];
    }
    const { actor, listId, at } = command;
    const userId = actor.userId;
    switch (command.kind) {
      case 'createList': {
        if (listId === 0) throw invalidRequest('List id 0 is the default list');
        if (state.created) throw new AppError('Conflict', `Favorite list ${listId} exists already`);
        const { name, description, userGroupId } = command;
        return [{ type: 'FavoriteListCreated', data: { listId, userId, name, description, at, userGroupId } }];
      }
      case 'renameList': {
        requireNamedList(listId);
        requireModifiable(command, state);
        const description = command.description ?? state.description;
        if (state.name === command.name && state.description === description) return [];
        return [{ type: 'FavoriteListRenamed', data: { listId, userId, name: command.name, description, at } }];
      }
      case 'removeList': {
        requireNamedList(listId);
        requireModifiable(command, state);
        return [{ type: 'FavoriteListRemoved', data: { listId, userId, at } }];
      }
      case 'setAudioFile': {
        requireModifiable(command, state);
        const { audioFileId } = command;
        const present = state.audioFiles.has(audioFileId);
        if (command.value === present) return [];
        if (!command.value) return [{ type: 'AudioFileUnfavorited', data: { listId, userId, audioFileId, admin: actor.admin, at } }];
        const order = command.order ?? maxOrder(state) + 1;
        return [
          ...makeRoomAt(state, order).map(({ audioFileId: other, order: to }): FavoriteEvent => ({ type: 'AudioFileFavoriteMoved', data: { listId, userId, audioFileId: other, order: to, at } })),
          { type: 'AudioFileFavorited', data: { listId, userId, audioFileId, order, insertionTime: command.insertionTime ?? at, admin: actor.admin } },
        ];
      }
      case 'moveAudioFile': {
        requireModifiable(command, state);
        const files = orderedAudioFiles(state);
        const index = files.findIndex((f) => f.audioFileId === command.audioFileId);
        if (index < 0) throw notFound();
        const neighbour = files[command.direction === 'up' ? index - 1 : index + 1];
        if (!neighbour) return [];
        const item = files[index]!;
        const moved = (audioFileId: number, order: number): FavoriteEvent => ({ type: 'AudioFileFavoriteMoved', data: { listId, userId, audioFileId, order, at } });
        // Equal orders (a re-added file kept its old one) cannot be swapped: step past the neighbour instead.
        if (item.order === neighbour.order) return [moved(item.audioFileId, neighbour.order + (command.direction === 'up' ? -1 : 1))];
        return [moved(item.audioFileId, neighbour.order), moved(neighbour.audioFileId, item.order)];
      }
      case 'setRecipe': {
        requireModifiable(command, state);
        const { recipeId } = command;
        if (command.value === state.recipes.has(recipeId)) return [];
        return [{ type: command.value ? 'RecipeFavorited' : 'RecipeUnfavorited', data: { listId, userId, recipeId, admin: actor.admin, at } }];
      }
      case 'copyInto': {
        requireModifiable(command, state);
        const { source } = command;
        if (source.listId === listId && (listId !== 0 || source.userId === userId)) throw invalidRequest('A list cannot be copied into itself');
        const audioFileIds = [...new Set(source.audioFileIds)].filter((id) => !state.audioFiles.has(id));
        const recipeIds = [...new Set(source.recipeIds)].filter((id) => !state.recipes.has(id));
        const start = maxOrder(state);
        return [
          { type: 'FavoriteListCopied', data: { listId, userId, fromListId: source.listId, fromUserId: source.userId, at } },
          ...audioFileIds.map((audioFileId, i): FavoriteEvent => ({
            type: 'AudioFileFavorited',
            data: { listId, userId, audioFileId, order: start + i + 1, insertionTime: at, admin: actor.admin },
          })),
          ...recipeIds.map((recipeId): FavoriteEvent => ({ type: 'RecipeFavorited', data: { listId, userId, recipeId, admin: actor.admin, at } })),
        ];
      }
      case 'shareList': {
        requireNamedList(listId);
        requireModifiable(command, state);
        if (state.userGroupId === command.userGroupId) return [];
        return [{ type: 'FavoriteListShared', data: { listId, userId, userGroupId: command.userGroupId, at } }];
      }
      case 'addAudioFiles': {
        requireModifiable(command, state);
        // One file at a time on the state so far, so each later one sees the room the earlier made.
        const events: FavoriteEvent[] = [];
        let next = state;
        let position = 0;
        for (const audioFileId of new Set(command.audioFileIds)) {
          if (next.audioFiles.has(audioFileId)) continue;
          position += 1;
          const added = favoritesDecider.decide({ kind: 'setAudioFile', actor, listId, audioFileId, value: true, order: command.first ? position : null, insertionTime: null, at }, next);
          next = added.reduce(evolveFavoriteList, next);
          events.push(...added);
        }
        return events;
      }
      case 'removeAudioFiles': {
        requireModifiable(command, state);
        return [...new Set(command.audioFileIds)]
          .filter((audioFileId) => state.audioFiles.has(audioFileId))
          .map((audioFileId): FavoriteEvent => ({ type: 'AudioFileUnfavorited', data: { listId, userId, audioFileId, admin: actor.admin, at } }));
      }
      case 'addRecipes': {
        requireModifiable(command, state);
        return [...new Set(command.recipeIds)]
          .filter((recipeId) => !state.recipes.has(recipeId))
          .map((recipeId): FavoriteEvent => ({ type: 'RecipeFavorited', data: { listId, userId, recipeId, admin: actor.admin, at } }));
      }
      case 'setAudioFileOrder': {
        requireModifiable(command, state);
        const current = state.audioFiles.get(command.audioFileId);
        if (!current) throw notFound();
        if (current.order === command.order) return [];
        const others = new Map(state.audioFiles);
        others.delete(command.audioFileId);
        const moved = (audioFileId: number, order: number): FavoriteEvent => ({ type: 'AudioFileFavoriteMoved', data: { listId, userId, audioFileId, order, at } });
        return [...makeRoomAt({ ...state, audioFiles: others }, command.order).map((f) => moved(f.audioFileId, f.order)), moved(command.audioFileId, command.order)];
      }
      default: {
        const unexpected: never = command;
        return unexpected;
      }
    }
  },
};
