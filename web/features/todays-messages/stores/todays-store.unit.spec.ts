import { beforeEach, describe, expect, it } from 'vitest';
import type { MessageItem } from '../../../../schemas/api/messages.ts';
import { next, playerState, previous, setPlayerMedia, type PlayerMedia } from '../../../lib/player/player-store.ts';
import { playAll, playingItemId, resetTodays, todays, toggleSelected } from './todays-store.ts';

// Spec 2 section 2: Play all selects every audio item when none is selected, turns auto-play-next
// on and plays the first selected; next and previous skip unselected items; Reset clears the
// selection, the active item and the player.

/** Stands in for the audio element (no DOM in unit tests): it keeps what is set and plays at once. */
class TestMedia implements PlayerMedia {
  src = '';
  currentTime = 0;
  duration = 60;
  paused = true;
  ended = false;
  play(): Promise<void> {
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
  load(): void {}
  removeAttribute(): void {}
  addEventListener(): void {}
}
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
