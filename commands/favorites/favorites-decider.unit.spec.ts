import { describe, expect, it } from 'vitest';
import { favoritesDecider, orderedAudioFiles, type Actor, type FavoritesCommand } from './favorites-decider.ts';
import type { FavoriteEvent } from '../../schemas/events/favorites.ts';
import { deciderSpec } from '../../tests/support/decider-spec.ts';

const spec = deciderSpec(favoritesDecider);
const at = '2026-11-22T08:00:00.000Z';
const earlier = '2026-11-21T08:00:00.000Z';
const owner: Actor = { userId: 7, admin: false };
const stranger: Actor = { userId: 8, admin: false };
const list = 12;

const created = (listId = list, userId = owner.userId): FavoriteEvent => ({
  type: 'FavoriteListCreated',
  data: { listId, userId, name: 'Evening', description: '', at: earlier, userGroupId: null },
});
const favorited = (audioFileId: number, order: number, listId = list, insertionTime = earlier, admin = false): FavoriteEvent => ({
  type: 'AudioFileFavorited',
  data: { listId, userId: owner.userId, audioFileId, order, insertionTime, admin },
});
const moved = (audioFileId: number, order: number): FavoriteEvent => ({ type: 'AudioFileFavoriteMoved', data: { listId: list, userId: owner.userId, audioFileId, order, at } });
const removed = (): FavoriteEvent => ({ type: 'FavoriteListRemoved', data: { listId: list, userId: owner.userId, at } });
const recipeFavorited = (recipeId: number, listId = list): FavoriteEvent => ({ type: 'RecipeFavorited', data: { listId, userId: owner.userId, recipeId, admin: false, at } });

const setAudioFile = (over: Partial<Extract<FavoritesCommand, { kind: 'setAudioFile' }>> = {}): FavoritesCommand => ({
  kind: 'setAudioFile',
  actor: owner,
  listId: list,
  audioFileId: 100,
  value: true,
  order: null,
  insertionTime: null,
  at,
  ...over,
});
const move = (audioFileId: number, direction: 'up' | 'down', actor = owner): FavoritesCommand => ({ kind: 'moveAudioFile', actor, listId: list, audioFileId, direction, at });

describe('favorites decider: lists', () => {
  it('creates a list', () =>
    spec
      .given([])
      .when({ kind: 'createList', actor: owner, listId: list, name: 'Evening', description: '', userGroupId: 3, at })
      .then([{ type: 'FavoriteListCreated', data: { listId: list, userId: owner.userId, name: 'Evening', description: '', at, userGroupId: 3 } }]));
  it('refuses to create list 0 or a list twice', () => {
    spec.given([]).when({ kind: 'createList', actor: owner, listId: 0, name: 'x', description: '', userGroupId: null, at }).thenThrows('InvalidRequest');
    spec.given([created()]).when({ kind: 'createList', actor: owner, listId: list, name: 'x', description: '', userGroupId: null, at }).thenThrows('Conflict');
  });
  it('renames a list its maker made, and appends nothing for the same name', () => {
    spec
      .given([created()])
      .when({ kind: 'renameList', actor: owner, listId: list, name: 'Night', description: '<p>calm</p>', at })
      .then([{ type: 'FavoriteListRenamed', data: { listId: list, userId: owner.userId, name: 'Night', description: '<p>calm</p>', at } }]);
    spec.given([created()]).when({ kind: 'renameList', actor: owner, listId: list, name: 'Evening', description: '', at }).then([]);
    spec
      .given([created(), { type: 'FavoriteListRenamed', data: { listId: list, userId: owner.userId, name: 'Evening', description: 'kept', at } }])
      .when({ kind: 'renameList', actor: owner, listId: list, name: 'Night', description: undefined, at })
      .then([{ type: 'FavoriteListRenamed', data: { listId: list, userId: owner.userId, name: 'Night', description: 'kept', at } }]);
  });
  it("refuses to rename, remove or fill another user's list", () => {
    spec.given([created()]).when({ kind: 'renameList', actor: stranger, listId: list, name: 'Mine', description: '', at }).thenThrows('AccessDenied');
    spec.given([created()]).when({ kind: 'removeList', actor: stranger, listId: list, at }).thenThrows('AccessDenied');
    spec.given([created()]).when(setAudioFile({ actor: stranger })).thenThrows('AccessDenied');
    spec.given([created(), favorited(100, 1), favorited(101, 2)]).when(move(101, 'up', stranger)).thenThrows('AccessDenied');
    spec.given([created()]).when({ kind: 'setRecipe', actor: stranger, listId: list, recipeId: 4, value: true, at }).thenThrows('AccessDenied');
  });
  it('refuses to rename or remove the default list', () => {
    spec.given([]).when({ kind: 'renameList', actor: owner, listId: 0, name: 'x', description: '', at }).thenThrows('InvalidRequest');
    spec.given([]).when({ kind: 'removeList', actor: owner, listId: 0, at }).thenThrows('InvalidRequest');
  });
  it('removes a list once; a removed or unknown list is NotFound', () => {
    spec.given([created()]).when({ kind: 'removeList', actor: owner, listId: list, at }).then([removed()]);
    spec.given([created(), removed()]).when({ kind: 'removeList', actor: owner, listId: list, at }).thenThrows('NotFound');
    spec.given([created(), removed()]).when(setAudioFile()).thenThrows('NotFound');
    spec.given([]).when(setAudioFile()).thenThrows('NotFound');
  });
});

describe('favorites decider: audio files and recipes', () => {
  it('adds a file with max order + 1 and the insertion time of now', () =>
    spec.given([created(), favorited(5, 3), favorited(6, 8)]).when(setAudioFile()).then([favorited(100, 9, list, at)]));
  it('gives the first file order 1, on the default list too', () =>
    spec.given([]).when(setAudioFile({ listId: 0 })).then([favorited(100, 1, 0, at)]));
  it('keeps a requested previous order and insertion time', () =>
    spec.given([created(), favorited(5, 3)]).when(setAudioFile({ order: 2, insertionTime: earlier })).then([favorited(100, 2, list, earlier)]));
  it('makes room at a requested order another file holds: that file and the run right after it move one down', () =>
    spec
      .given([created(), favorited(5, 1), favorited(6, 2), favorited(7, 3), favorited(8, 6)])
      .when(setAudioFile({ order: 2 }))
      .then([moved(7, 4), moved(6, 3), favorited(100, 2, list, at)]));
  it('no two files share an order after a requested one', () => {
    const given = [created(), favorited(5, 1), favorited(6, 2)];
    const events = favoritesDecider.decide(setAudioFile({ order: 1 }), given.reduce(favoritesDecider.evolve, favoritesDecider.initialState()));
    const state = [...given, ...events].reduce(favoritesDecider.evolve, favoritesDecider.initialState());
    expect(orderedAudioFiles(state)).toEqual([
      { audioFileId: 100, order: 1 },
      { audioFileId: 5, order: 2 },
      { audioFileId: 6, order: 3 },
    ]);
  });
  it('marks changes made in an admin session', () =>
    spec.given([created()]).when(setAudioFile({ actor: { userId: owner.userId, admin: true } })).then([favorited(100, 1, list, at, true)]));
  it('appends nothing when the file is already in, or already out', () => {
    spec.given([created(), favorited(100, 1)]).when(setAudioFile()).then([]);
    spec.given([created()]).when(setAudioFile({ value: false })).then([]);
  });
  it('removes a file', () =>
    spec
      .given([created(), favorited(100, 1)])
      .when(setAudioFile({ value: false }))
      .then([{ type: 'AudioFileUnfavorited', data: { listId: list, userId: owner.userId, audioFileId: 100, admin: false, at } }]));
  it('re-adding after removal gets a fresh order', () =>
    spec
      .given([created(), favorited(100, 1), favorited(101, 2), { type: 'AudioFileUnfavorited', data: { listId: list, userId: owner.userId, audioFileId: 100, admin: false, at } }])
      .when(setAudioFile())
      .then([favorited(100, 3, list, at)]));
  it('sets and clears recipes', () => {
    spec.given([created()]).when({ kind: 'setRecipe', actor: owner, listId: list, recipeId: 4, value: true, at }).then([recipeFavorited(4)]);
    spec.given([created(), recipeFavorited(4)]).when({ kind: 'setRecipe', actor: owner, listId: list, recipeId: 4, value: true, at }).then([]);
    spec
      .given([created(), recipeFavorited(4)])
      .when({ kind: 'setRecipe', actor: owner, listId: list, recipeId: 4, value: false, at })
      .then([{ type: 'RecipeUnfavorited', data: { listId: list, userId: owner.userId, recipeId: 4, admin: false, at } }]);
  });
});

describe('favorites decider: order up and down', () => {
  const three = [created(), favorited(100, 1), favorited(101, 2), favorited(102, 5)];
  it('moves a file up by swapping orders with the one before it', () => spec.given(three).when(move(102, 'up')).then([moved(102, 2), moved(101, 5)]));
  it('moves a file down by swapping with the one after it', () => spec.given(three).when(move(100, 'down')).then([moved(100, 2), moved(101, 1)]));
  it('does nothing at either end', () => {
    spec.given(three).when(move(100, 'up')).then([]);
    spec.given(three).when(move(102, 'down')).then([]);
  });
  it('steps past a neighbour with the same order', () =>
    spec.given([created(), favorited(100, 1), favorited(101, 1)]).when(move(101, 'up')).then([moved(101, 0)]));
  it('answers NotFound for a file not in the list', () => spec.given(three).when(move(999, 'up')).thenThrows('NotFound'));
  it('the moved order is what the list shows', () => {
    const state = [...three, moved(102, 2), moved(101, 5)].reduce(favoritesDecider.evolve, favoritesDecider.initialState());
    expect(orderedAudioFiles(state).map((f) => f.audioFileId)).toEqual([100, 102, 101]);
  });
});

describe('favorites decider: copy and active list', () => {
  const copy = (over: Partial<Extract<FavoritesCommand, { kind: 'copyInto' }>['source']> = {}, actor = owner): FavoritesCommand => ({
    kind: 'copyInto',
    actor,
    listId: list,
    source: { listId: 30, userId: 2, audioFileIds: [200, 100, 201], recipeIds: [4, 5], ...over },
    at,
  });
  it('copies what the destination lacks, in the source order, after its own files', () =>
    spec
      .given([created(), favorited(100, 4), recipeFavorited(5)])
      .when(copy())
      .then([
        { type: 'FavoriteListCopied', data: { listId: list, userId: owner.userId, fromListId: 30, fromUserId: 2, at } },
        favorited(200, 5, list, at),
        favorited(201, 6, list, at),
        recipeFavorited(4),
      ]));
  it("refuses to copy into another user's list", () => spec.given([created()]).when(copy({}, stranger)).thenThrows('AccessDenied'));
  it('refuses to copy a list into itself', () => spec.given([created()]).when(copy({ listId: list, userId: owner.userId })).thenThrows('InvalidRequest'));
  it('copies into the default list', () =>
    spec
      .given([])
      .when({ kind: 'copyInto', actor: owner, listId: 0, source: { listId: list, userId: owner.userId, audioFileIds: [100], recipeIds: [] }, at })
      .then([{ type: 'FavoriteListCopied', data: { listId: 0, userId: owner.userId, fromListId: list, fromUserId: owner.userId, at } }, favorited(100, 1, 0, at)]));

  const activate = (activeListId: number | null, target: 'readable' | 'missing' | 'denied' = 'readable'): FavoritesCommand => ({ kind: 'setActiveList', actor: owner, activeListId, target, at });
  const activeSet = (listId: number | null): FavoriteEvent => ({ type: 'ActiveFavoriteListSet', data: { userId: owner.userId, listId, at } });
  it('sets the active list, and appends nothing when it already is', () => {
    spec.given([]).when(activate(list)).then([activeSet(list)]);
    spec.given([activeSet(list)]).when(activate(list)).then([]);
    spec.given([activeSet(list)]).when(activate(null)).then([activeSet(null)]);
  });
  it('refuses a list the user may not read, and one that does not exist', () => {
    spec.given([]).when(activate(list, 'denied')).thenThrows('AccessDenied');
    spec.given([]).when(activate(list, 'missing')).thenThrows('NotFound');
  });
});

describe('favorites decider: the back office batch requests', () => {
  const unfavorited = (audioFileId: number): FavoriteEvent => ({ type: 'AudioFileUnfavorited', data: { listId: list, userId: owner.userId, audioFileId, admin: false, at } });
  const added = (audioFileId: number, order: number) => favorited(audioFileId, order, list, at);

  it('adds the files a list lacks last, in the order given, once each', () =>
    spec
      .given([created(), favorited(5, 3)])
      .when({ kind: 'addAudioFiles', actor: owner, listId: list, audioFileIds: [7, 5, 6, 7], first: false, at })
      .then([added(7, 4), added(6, 5)]));

  it('adds them first with insertAsFirst, pushing the files already there down', () =>
    spec
      .given([created(), favorited(5, 1), favorited(6, 2)])
      .when({ kind: 'addAudioFiles', actor: owner, listId: list, audioFileIds: [8, 9], first: true, at })
      // 8 goes to 1 (5 and 6 step down), then 9 to 2 (behind 8: the order given), pushing 5 and 6 again.
      .then([moved(6, 3), moved(5, 2), added(8, 1), moved(6, 4), moved(5, 3), added(9, 2)]));

  it('removes the files a list has and adds the recipes it lacks', () => {
    spec.given([created(), favorited(5, 1)]).when({ kind: 'removeAudioFiles', actor: owner, listId: list, audioFileIds: [5, 6], at }).then([unfavorited(5)]);
    spec.given([created(), recipeFavorited(3)]).when({ kind: 'addRecipes', actor: owner, listId: list, recipeIds: [3, 4, 4], at }).then([recipeFavorited(4)]);
  });

  it("moves a file to an order, making room, and leaves an order that is already so alone", () => {
    spec.given([created(), favorited(5, 1), favorited(6, 2), favorited(7, 3)]).when({ kind: 'setAudioFileOrder', actor: owner, listId: list, audioFileId: 7, order: 1, at }).then([moved(6, 3), moved(5, 2), moved(7, 1)]);
    spec.given([created(), favorited(5, 1), favorited(6, 5)]).when({ kind: 'setAudioFileOrder', actor: owner, listId: list, audioFileId: 5, order: 2, at }).then([moved(5, 2)]);
    spec.given([created(), favorited(5, 1)]).when({ kind: 'setAudioFileOrder', actor: owner, listId: list, audioFileId: 5, order: 1, at }).then([]);
    spec.given([created(), favorited(5, 1)]).when({ kind: 'setAudioFileOrder', actor: owner, listId: list, audioFileId: 6, order: 1, at }).thenThrows('NotFound');
  });

  it("changes only the actor's own lists that exist", () => {
    spec.given([created()]).when({ kind: 'addAudioFiles', actor: stranger, listId: list, audioFileIds: [5], first: false, at }).thenThrows('AccessDenied');
    spec.given([created()]).when({ kind: 'addRecipes', actor: stranger, listId: list, recipeIds: [5], at }).thenThrows('AccessDenied');
    spec.given([created(), favorited(5, 1)]).when({ kind: 'removeAudioFiles', actor: stranger, listId: list, audioFileIds: [5], at }).thenThrows('AccessDenied');
    spec.given([created(), favorited(5, 1)]).when({ kind: 'setAudioFileOrder', actor: stranger, listId: list, audioFileId: 5, order: 2, at }).thenThrows('AccessDenied');
    spec.given([created(), removed()]).when({ kind: 'addAudioFiles', actor: owner, listId: list, audioFileIds: [5], first: false, at }).thenThrows('NotFound');
  });
});

describe('favorites decider: sharing a list with a user group', () => {
  const shared = (userGroupId: number | null): FavoriteEvent => ({ type: 'FavoriteListShared', data: { listId: list, userId: owner.userId, userGroupId, at } });
  const share = (userGroupId: number | null, actor = owner, listId = list): FavoritesCommand => ({ kind: 'shareList', actor, listId, userGroupId, at });

  it("sets the list's group, and nothing when it has that group already", () => {
    spec.given([created()]).when(share(4)).then([shared(4)]);
    spec.given([created(), shared(4)]).when(share(4)).then([]);
    spec.given([created(), shared(4)]).when(share(null)).then([shared(null)]);
    spec.given([created()]).when(share(null)).then([]);
  });

  it("is the maker's, of a made list that exists", () => {
    spec.given([created()]).when(share(4, stranger)).thenThrows('AccessDenied');
    spec.given([created(), removed()]).when(share(4)).thenThrows('NotFound');
    spec.given([]).when(share(4, owner, 0)).thenThrows('InvalidRequest');
  });

  it('is what the state holds afterwards', () => {
    const state = [created(), shared(4)].reduce(favoritesDecider.evolve, favoritesDecider.initialState());
    expect(state.userGroupId).toBe(4);
  });
});
