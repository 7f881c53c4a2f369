import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecipeItem } from '../../../../schemas/api/recipe-items.ts';
import { CurrentUser, UserConfig } from '../../../../schemas/api/user.ts';
import { onPlayerEvent, playerState, setContinuous, setPlayerMedia, setPlayerUser, settled, type PlayerEvent } from '../../../lib/player/player-store.ts';
import { itemsOfButton, playingIndex, playRecipeItem, playTab, recipe, recipeTouched, resetRecipe } from './recipe-store.ts';
import { TestMedia } from '../../../../tests/support/test-media.ts';

// The recipe screen's playing through the one player: source Recipe and the recipe id on every
// play (guided usage), the tab's list as the queue under its player id, auto-play-next as the
// player's continuous play, and the reset.


const user = (music: UserConfig['music']) =>
  CurrentUser.parse({
    id: 1, name: 'caregiver', organization: null, clientName: null, firstName: null, lastName: null, email: null, language: 'eng',
    config: UserConfig.parse({ music }), adminOfUsers: [], residentId: null, lastSessionToken: null, activeUserTagGroupId: null,
    contractStartDate: null, contractEndDate: null, infoFileId: null, footerFileId: null, insertedByUserId: null, uiParams: {},
    admin: false, publicReport: false, loginTime: '2026-11-22T08:00:00Z', timeZone: 'Europe/Helsinki',
  });

let nextId = 1;
const item = (type: RecipeItem['type'], streamUrl: string | null = `/api/audio-file/${nextId}/h/1`): RecipeItem => {
  const id = nextId++;
  return { id, recipeId: 7, type, order: id, audioFileId: 100 + id, audioFileName: `${type} ${id}`, audioFileType: type === 'Music' ? 'MusicPiece' : 'AudioProgram', artist: null, description: null, length: 30, streamUrl };
};

describe('recipe store', () => {
  let media: TestMedia;
  let events: PlayerEvent[];
  let unsubscribe: () => void;
  const music = [item('Music', null), item('Music'), item('Music')];
  const news = [item('News')];
  const spiritual = [item('Spiritual')];

  beforeEach(() => {
    setPlayerMedia(() => (media = new TestMedia(30)));
    setPlayerUser(user('enabled'));
    setContinuous(false);
    recipe.recipeId = 7;
    recipe.status = 'ready';
    recipe.items = [...music, ...news, ...spiritual];
    recipe.playAll = [music[1]!, news[0]!, music[2]!, music[0]!, spiritual[0]!];
    recipe.autoPlayNext = false;
    events = [];
    unsubscribe = onPlayerEvent((event) => events.push(event));
  });
  afterEach(() => {
    unsubscribe();
    setPlayerUser(null);
    setPlayerMedia(null);
  });

  it("should give a tab its type's items, PlayAll its drawn list, and no music without the music config", () => {
    expect(itemsOfButton(recipe, 'Music', 'enabled').map((i) => i.id)).toEqual(music.map((i) => i.id));
    expect(itemsOfButton(recipe, 'PlayAll', 'enabled').map((i) => i.id)).toEqual(recipe.playAll.map((i) => i.id));
    expect(itemsOfButton(recipe, 'Music', 'none')).toEqual([]);
    expect(itemsOfButton(recipe, 'PlayAll', null).map((i) => i.type)).toEqual(['News', 'Spiritual']);
    expect(itemsOfButton(recipe, 'Radio', 'enabled')).toEqual([]);
  });

  it('should play the active tab from its first playable item with auto-play, as a Recipe play of the recipe', async () => {
    const items = itemsOfButton(recipe, 'Music', 'enabled');
    playTab(7, 'Music', items);
    expect(recipe.autoPlayNext).toBe(true);
    expect(playerState.queueName).toBe('recipe/7/Music');
    expect(playerState.continuous).toBe(true);
    expect(playerState.current).toMatchObject({ audioFileId: music[1]!.audioFileId, source: 'Recipe', recipeId: 7, manualStart: true });
    expect(playingIndex(playerState, 7, 'Music')).toBe(1);
    expect(playingIndex(playerState, 7, 'News')).toBeNull();
    // The end of a piece goes on to the next of the tab.
    media.finish();
    await settled();
    expect(playerState.current).toMatchObject({ audioFileId: music[2]!.audioFileId, source: 'Recipe', recipeId: 7, manualStart: false });
    expect(playingIndex(playerState, 7, 'Music')).toBe(2);
    expect(events.filter((e) => e.type === 'started').every((e) => e.item.source === 'Recipe' && e.item.recipeId === 7)).toBe(true);
  });

  it('should stop at the end of a piece played on its own without auto-play', async () => {
    const items = itemsOfButton(recipe, 'Music', 'enabled');
    playRecipeItem(7, 'Music', items, 1);
    expect(playerState.continuous).toBe(false);
    media.finish();
    await settled();
    expect(playerState.current?.audioFileId).toBe(music[1]!.audioFileId);
    expect(playerState.playing).toBe(false);
    // The active tab clicked while its piece is loaded: auto-play on, and it plays again.
    playTab(7, 'Music', items);
    expect(playerState.continuous).toBe(true);
    expect(playerState.playing).toBe(true);
  });

  it('should reset: auto-play off, the recipe stops, a new PlayAll order of the same items', () => {
    playTab(7, 'PlayAll', itemsOfButton(recipe, 'PlayAll', 'enabled'));
    expect(recipeTouched(null)).toBe(true);
    resetRecipe();
    expect(recipe.autoPlayNext).toBe(false);
    expect(playerState.current).toBeNull();
    expect(recipeTouched(null)).toBe(false);
    expect(recipeTouched('News')).toBe(true);
    expect(new Set(recipe.playAll.map((i) => i.id))).toEqual(new Set(recipe.items.map((i) => i.id)));
    expect(recipe.playAll.at(-1)?.type).toBe('Spiritual');
  });
});
