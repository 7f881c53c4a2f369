import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AudioFile } from '../../../../schemas/api/library.ts';
import { CurrentUser, UserConfig } from '../../../../schemas/api/user.ts';
import { onPlayerEvent, playAudioFile, playerState, setPlayerMedia, setPlayerUser, stopPlayback, type PlayerEvent } from '../../../lib/player/player-store.ts';
import { createPlayerChannel } from './channel-store.ts';
import { TestMedia } from '../../../../tests/support/test-media.ts';

// The channel on the real shared player (an audio element of our own, no DOM): each piece plays
// with playSource MusicChannel, the next follows when one ends, and another file stops the channel.


const user = (music: UserConfig['music']): CurrentUser =>
  CurrentUser.parse({
    id: 1, name: 'caregiver', organization: null, clientName: null, firstName: null, lastName: null, email: null, language: 'fin',
    config: UserConfig.parse({ music }), adminOfUsers: [], residentId: null, lastSessionToken: null, activeUserTagGroupId: null,
    contractStartDate: null, contractEndDate: null, infoFileId: null, footerFileId: null, insertedByUserId: null, uiParams: {},
    admin: false, publicReport: false, loginTime: '2026-11-24T08:00:00Z', timeZone: 'Europe/Helsinki',
  });

const piece = (id: number, categoryId: number): AudioFile => ({
  id, type: 'MusicPiece', name: `Piece ${id}`, stageTitle: null, artist: 'Sointu Ensemble', composer: null, description: null, stageDescription: null,
  length: 40, track: null, album: null, categories: [{ categoryId, priority: 1, contentType: 'Music', categoryType: 'Music', categoryName: `Category ${categoryId}` }],
  imageId: null, fileId: id, fileContentType: 'audio/wav', streamUrl: `/api/audio-file/${id}/h/1`, userTagGroupId: null,
  queryBasicMatch: false, queryNameMatch: false, queryArtistMatch: false, queryDescriptionMatch: false, queryCategoriesMatch: false,
});
const library = [piece(11, 1), piece(12, 1), piece(21, 2)];

describe('the music channel on the shared player', () => {
  let media: TestMedia;
  const clock = { now: Date.UTC(2026, 10, 24, 8) };
  const events: PlayerEvent[] = [];
  let unsubscribe: Array<() => void> = [];

  const setup = () => {
    const made = createPlayerChannel({
      now: () => clock.now,
      fetchPieces: async (ids) => library.filter((p) => p.categories.some((c) => ids.includes(c.categoryId))),
      silence: async () => {},
    });
    unsubscribe = [onPlayerEvent(made.observePlayer), onPlayerEvent((event) => events.push(event))];
    return made.channel;
  };
  const settle = () => new Promise((done) => setTimeout(done, 0));

  beforeEach(() => {
    setPlayerMedia(() => (media = new TestMedia(40)));
    setPlayerUser(user('enabled'));
    events.splice(0);
  });
  afterEach(() => {
    unsubscribe.forEach((off) => off());
    stopPlayback();
    setPlayerUser(null);
    setPlayerMedia(null);
  });

  it('should play each piece as MusicChannel, the next by itself, until the time is used up', async () => {
    const channel = setup();
    channel.toggleCategory(1, true);
    channel.toggleCategory(2, true);
    await channel.start(1800);
    expect(playerState.current).toMatchObject({ audioFileId: 11, source: 'MusicChannel', manualStart: true, categoryId: 1 });

    media.finish();
    await settle();
    expect(playerState.current).toMatchObject({ audioFileId: 21, source: 'MusicChannel', manualStart: false, categoryId: 2 });

    clock.now += 1800_000;
    media.finish();
    await settle();
    expect(channel.state.status).toBe('ended');
    expect(playerState.current?.audioFileId).toBe(21);
    expect(events.filter((e) => e.type === 'started').map((e) => e.item.audioFileId)).toEqual([11, 21]);
  });

  it('should give way when another file starts, and stop its piece with the stop button', async () => {
    const channel = setup();
    channel.toggleCategory(1, true);
    await channel.start(3600);
    playAudioFile({ audioFileId: 99, name: 'A program', length: 60, streamUrl: '/api/audio-file/99/h/1', type: 'AudioProgram', source: 'Search' });
    expect(channel.state.status).toBe('idle');
    media.finish();
    await settle();
    expect(playerState.current?.audioFileId).toBe(99);

    await channel.start(3600);
    expect(playerState.current?.source).toBe('MusicChannel');
    channel.stop();
    expect(playerState.current).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'stopped' });
  });

  it('should stop when the user may not play music, leaving the alert in the player', async () => {
    setPlayerUser(user('none'));
    const channel = setup();
    channel.toggleCategory(1, true);
    await channel.start(1800);
    expect(channel.state.status).toBe('idle');
    expect(playerState.alert).toBe('This user ID cannot play music.');
    playerState.alert = null;
  });
});
