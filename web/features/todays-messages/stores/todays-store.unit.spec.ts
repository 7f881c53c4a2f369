import { beforeEach, describe, expect, it } from 'vitest';
import type { MessageItem } from '../../../../schemas/api/messages.ts';
import type { RecipeItem } from '../../../../schemas/api/recipe-items.ts';
import { next, playerState, previous, setPlayerMedia, type PlayerMedia } from '../../../lib/player/player-store.ts';
import { playAll, playingItemId, playItem, radioItems, resetTodays, todays, toggleSelected } from './todays-store.ts';
import { TestMedia } from '../../../../tests/support/test-media.ts';

// Spec 2 section 2: Play all selects every audio item when none is selected, turns auto-play-next
// on and plays the first selected; next and previous skip unselected items; Reset clears the
// selection, the active item and the player.

/** Stands in for the audio element (no DOM in unit tests): it keeps what is set and plays at once. */
const media = (): PlayerMedia => new TestMedia();

const item = (id: number, messageId: number, type: MessageItem['type'], audioFileId: number | null): MessageItem => ({
  id,
  messageId,
  order: id,
  type,
  html: type === 'AudioFile' ? null : '<p>Text</p>',
  audioFileId,
  audioFileName: null,
  recipeId: null,
  fileId: null,
  url: null,
  contentType: null,
  trackClicks: false,
});

beforeEach(() => {
  setPlayerMedia(media);
  resetTodays();
  todays.items = [item(1, 10, 'AudioFile', 101), item(2, 10, 'InlineHTML', null), item(3, 10, 'AudioFile', 103), item(4, 20, 'AudioFile', 104), item(5, 20, 'AudioFile', 999)];
  // 999 cannot play (no stream): it is never selected by Play all nor queued.
  todays.playable = Object.fromEntries([101, 103, 104].map((id) => [id, { audioFileId: id, name: `File ${id}`, length: 60, streamUrl: `/api/audio-file/${id}/h/0`, type: 'AudioProgram' as const }]));
});

const playing = () => playingItemId(playerState, todays.queue);

describe("today's messages", () => {
  it('Play all with nothing selected selects every playable audio item, sets auto-play-next and plays the first', () => {
    playAll();
    expect(todays.selectedItems).toEqual([1, 3, 4]);
    expect(todays.autoPlayNext).toBe(true);
    expect(playerState.continuous).toBe(true);
    expect(playerState.current?.audioFileId).toBe(101);
    expect(playerState.current?.source).toBe('TodaysMessages');
    expect(playing()).toBe(1);
  });

  it('Play all of a title row plays only that row, from its first selected item', () => {
    toggleSelected(1);
    playAll(20);
    expect(todays.selectedItems).toEqual([1, 4]);
    expect(playerState.current?.audioFileId).toBe(104);
  });

  it('next and previous skip unselected items', async () => {
    toggleSelected(4);
    toggleSelected(1);
    playAll();
    expect(playing()).toBe(1);
    await next();
    expect(playing()).toBe(4);
    await previous();
    expect(playing()).toBe(1);
  });

  it('Reset clears the selection, the active item and the player', () => {
    playAll();
    resetTodays();
    expect(todays.selectedItems).toEqual([]);
    expect(todays.activeItemId).toBeNull();
    expect(todays.autoPlayNext).toBe(false);
    expect(playerState.current).toBeNull();
    expect(playing()).toBeNull();
  });
});

// The radio recipe of the day's items are page items too: a recipe item with its own stream URL,
// keyed apart from message items (ids may coincide), played with its recipeId.
const radio = (id: number, audioFileId: number, streamUrl: string | null): RecipeItem => ({
  id,
  recipeId: 7,
  type: 'Radio',
  order: id,
  audioFileId,
  audioFileName: `Radio ${audioFileId}`,
  audioFileType: 'AudioProgram',
  artist: null,
  description: null,
  length: 600,
  streamUrl,
});

describe("today's messages with the radio recipe of the day", () => {
  beforeEach(() => {
    // Radio item 1 shares its id with message item 1; radio item 9 has no stream.
    todays.items = [...todays.items, radio(1, 201, '/api/audio-file/201/h/0'), radio(2, 202, '/api/audio-file/202/h/0'), radio(9, 209, null)];
  });

  it('Play all selects the playable items of both kinds and plays across them', async () => {
    playAll();
    expect(todays.selectedItems).toEqual([1, 3, 4, 'recipe-1', 'recipe-2']);
    await next();
    await next();
    await next();
    expect(playing()).toBe('recipe-1');
    expect(playerState.current).toMatchObject({ audioFileId: 201, recipeId: 7, source: 'TodaysMessages' });
    await next();
    expect(playing()).toBe('recipe-2');
    await previous();
    await previous();
    expect(playing()).toBe(4);
  });

  it("Play all of the radio row plays only the radio items, with the recipe's id", () => {
    playAll('radio');
    expect(todays.selectedItems).toEqual(['recipe-1', 'recipe-2']);
    expect(playerState.current).toMatchObject({ audioFileId: 201, recipeId: 7, source: 'TodaysMessages' });
    expect(radioItems().map((i) => i.id)).toEqual([1, 2, 9]);
  });

  it('next and previous skip unselected items of either kind; a message item and a radio item of the same id stay apart', async () => {
    toggleSelected(1);
    toggleSelected('recipe-2');
    playAll();
    expect(playing()).toBe(1);
    await next();
    expect(playing()).toBe('recipe-2');
    expect(playerState.current?.audioFileId).toBe(202);
    await previous();
    expect(playing()).toBe(1);
    expect(todays.selectedItems).not.toContain('recipe-1');
  });

  it('an unselected radio item plays alone; Reset clears both kinds', () => {
    toggleSelected(3);
    playItem(todays.items.find((i) => !('messageId' in i) && i.id === 2)!);
    expect(todays.activeItemId).toBe('recipe-2');
    expect(todays.queue).toEqual(['recipe-2']);
    toggleSelected('recipe-1');
    resetTodays();
    expect(todays.selectedItems).toEqual([]);
    expect(todays.activeItemId).toBeNull();
    expect(playerState.current).toBeNull();
  });
});
