import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CurrentUser, UserConfig } from '../../../schemas/api/user.ts';
import { TestMedia } from '../../../tests/support/test-media.ts';
import {
  canPlayMusic,
  dragSeek,
  hasNext,
  next,
  onPlayerEvent,
  playAll,
  playAudioFile,
  playerIdOf,
  playerState,
  previous,
  releaseSeek,
  resetPlayers,
  resumePlayer,
  setAutoPlayNext,
  setContinuous,
  setFastForward,
  setInstructorMode,
  setPlayerMedia,
  setPlayerUser,
  setShuffle,
  settled,
  toggleExercise,
  type PlayableAudioFile,
  type PlayQueue,
  type QueuePageLoader,
} from './player-store.ts';

const userWithMusic = (music: UserConfig['music']): CurrentUser =>
  CurrentUser.parse({
    id: 1,
    name: 'caregiver',
    organization: null,
    clientName: null,
    firstName: null,
    lastName: null,
    email: null,
    language: 'eng',
    config: UserConfig.parse({ music }),
    adminOfUsers: [],
    residentId: null,
    lastSessionToken: null,
    activeUserTagGroupId: null,
    contractStartDate: null,
    contractEndDate: null,
    infoFileId: null,
    footerFileId: null,
    insertedByUserId: null,
    uiParams: {},
    admin: false,
    publicReport: false,
    loginTime: '2026-11-22T08:00:00Z',
    timeZone: 'Europe/Helsinki',
  });

const musicPiece = { audioFileId: 3, name: 'Jingle Bells', length: 34, streamUrl: '/api/audio-file/3/x/0', type: 'MusicPiece' as const, source: 'Search' as const };

afterEach(() => {
  setInstructorMode(false);
  playerState.alert = null;
});

describe('music gate (spec 1 section 5)', () => {
  it('refuses a music piece when music is not enabled, with the alert and nothing playing', () => {
    for (const music of [null, 'none', 'withInstructor'] as const) {
      setPlayerUser(userWithMusic(music));
      playAudioFile(musicPiece);
      expect(playerState.alert).toBe('This user ID cannot play music.');
      expect(playerState.current).toBeNull();
      playerState.alert = null;
    }
  });

  it('lets music play when enabled, or withInstructor in instructor mode', () => {
    setPlayerUser(userWithMusic('enabled'));
    expect(canPlayMusic()).toBe(true);
    setPlayerUser(userWithMusic('withInstructor'));
    expect(canPlayMusic()).toBe(false);
    setInstructorMode(true);
    expect(canPlayMusic()).toBe(true);
  });

  it('ignores a request without an audio file id', () => {
    setPlayerUser(userWithMusic('enabled'));
    playAudioFile({ ...musicPiece, audioFileId: 0 });
    expect(playerState.current).toBeNull();
    expect(playerState.alert).toBeNull();
  });
});

// ---- the audio list player: seeking, next and previous, pages -------------------------------


const file = (id: number, type: 'AudioProgram' | 'MusicPiece' = 'AudioProgram'): PlayableAudioFile => ({
  audioFileId: id,
  name: `File ${id}`,
  length: 60,
  streamUrl: `/api/audio-file/${id}/h/${id}`,
  type,
});

/** A list of `count` files (ids 101, 102 ...) served a page at a time, recording each fetch. */
function pagedList(count: number, options: { unplayable?: number[]; music?: number[] } = {}) {
  const fetched: Array<{ offset: number; limit: number }> = [];
  const at = (position: number) => {
    if (options.unplayable?.includes(position)) return null;
    return file(101 + position, options.music?.includes(position) ? 'MusicPiece' : 'AudioProgram');
  };
  const loadPage: QueuePageLoader = async (offset, limit) => {
    fetched.push({ offset, limit });
    return Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => at(offset + i));
  };
  const page = (offset: number, limit: number) => Array.from({ length: Math.min(limit, count - offset) }, (_, i) => at(offset + i));
  return { fetched, loadPage, page, at };
}

/** Starts position `index` of a list with the page holding it loaded (pages of `pageSize`). */
function startIn(list: ReturnType<typeof pagedList>, count: number, index: number, pageSize: number, extra: Partial<PlayQueue> = {}) {
  const offset = Math.floor(index / pageSize) * pageSize;
  const item = list.at(index)!;
  playAudioFile({
    ...item,
    source: 'Favorites',
    queue: { name: 'favorites-7', items: list.page(offset, pageSize), offset, index, totalCount: count, pageSize, loadPage: list.loadPage, ...extra },
  });
}

describe('the audio list player (spec 1 section 4)', () => {
  let media: TestMedia;

  beforeEach(() => {
    setPlayerMedia(() => (media = new TestMedia()));
    setPlayerUser(userWithMusic('enabled'));
    setShuffle(false);
    setContinuous(false);
  });
  afterEach(() => {
    setPlayerUser(null);
    setPlayerMedia(null);
  });

  const playingId = () => playerState.current?.audioFileId;

  describe('seeking by dragging the bar', () => {
    it('should move only the shown time while dragging, and seek on release', () => {
      const list = pagedList(1);
      startIn(list, 1, 0, 10);
      media.playTo(5);
      dragSeek(42);
      expect(playerState.seekTime).toBe(42);
      expect(media.currentTime).toBe(5);
      expect(playerState.currentTime).toBe(5);
      releaseSeek();
      expect(playerState.seekTime).toBeNull();
      expect(media.currentTime).toBe(42);
      expect(playerState.currentTime).toBe(42);
    });

    it('should keep a drag within 0 and the duration', () => {
      const list = pagedList(1);
      startIn(list, 1, 0, 10);
      dragSeek(500);
      expect(playerState.seekTime).toBe(60);
      dragSeek(-3);
      expect(playerState.seekTime).toBe(0);
      releaseSeek();
      expect(media.currentTime).toBe(0);
    });

    it('should do nothing on a release without a drag', () => {
      const list = pagedList(1);
      startIn(list, 1, 0, 10);
      media.playTo(12);
      releaseSeek();
      expect(media.currentTime).toBe(12);
    });
  });

  describe('next and previous', () => {
    it('should go to the next item, and not past the last', async () => {
      const list = pagedList(3);
      startIn(list, 3, 0, 10);
      expect(hasNext()).toBe(true);
      await next();
      expect(playingId()).toBe(102);
      expect(media.src).toBe('/api/audio-file/102/h/102');
      expect(playerState.current?.source).toBe('Favorites');
      await next();
      expect(playingId()).toBe(103);
      expect(hasNext()).toBe(false);
      await next();
      expect(playingId()).toBe(103);
      expect(list.fetched).toEqual([]);
    });

    it('should restart the track after more than 3 s of play, else go to the previous item', async () => {
      const list = pagedList(3);
      startIn(list, 3, 2, 10);
      media.playTo(3.5);
      await previous();
      expect(playingId()).toBe(103);
      expect(media.currentTime).toBe(0);
      media.playTo(3);
      await previous();
      expect(playingId()).toBe(102);
      expect(playerState.index).toBe(1);
    });

    it('should restart the first item instead of going back', async () => {
      const list = pagedList(3);
      startIn(list, 3, 0, 10);
      media.playTo(1);
      await previous();
      expect(playingId()).toBe(101);
      expect(media.currentTime).toBe(0);
      expect(media.paused).toBe(false);
    });

    it('should fetch the next page when Next leaves the loaded one', async () => {
      const list = pagedList(25);
      startIn(list, 25, 9, 10);
      expect(hasNext()).toBe(true);
      await next();
      expect(list.fetched).toEqual([{ offset: 10, limit: 10 }]);
      expect(playingId()).toBe(111);
      expect(playerState.index).toBe(10);
      expect(playerState.queueName).toBe('favorites-7');
      // The fetched page is kept: on through it without asking again.
      await next();
      expect(playingId()).toBe(112);
      expect(list.fetched).toHaveLength(1);
    });

    it('should fetch the page before when Previous leaves the loaded one', async () => {
      const list = pagedList(25);
      startIn(list, 25, 20, 10);
      media.playTo(1);
      await previous();
      expect(list.fetched).toEqual([{ offset: 10, limit: 10 }]);
      expect(playingId()).toBe(120);
    });

    it('should step past items that cannot play', async () => {
      const list = pagedList(5, { unplayable: [1, 2] });
      startIn(list, 5, 0, 10);
      await next();
      expect(playingId()).toBe(104);
      media.playTo(1);
      await previous();
      expect(playingId()).toBe(101);
    });

    it('should stay on the current item when the next page cannot be fetched', async () => {
      const list = pagedList(1);
      playAudioFile({
        ...list.at(0)!,
        source: 'Search',
        queue: { items: [list.at(0)], index: 0, totalCount: 12, pageSize: 10, loadPage: () => Promise.reject(new Error('offline')) },
      });
      await next();
      expect(playingId()).toBe(101);
    });

    it('should drop a page that arrives after another file was started', async () => {
      let release: (items: Array<PlayableAudioFile | null>) => void = () => undefined;
      playAudioFile({
        ...file(1),
        source: 'Search',
        queue: { items: [file(1)], index: 0, totalCount: 2, pageSize: 1, loadPage: () => new Promise((done) => (release = done)) },
      });
      const moving = next();
      playAudioFile({ ...file(50), source: 'Favorites' });
      release([file(2)]);
      await moving;
      expect(playingId()).toBe(50);
      expect(playerState.queueLength).toBe(1);
    });
  });

  describe('when a file ends', () => {
    it('should stop without continuous play', async () => {
      const list = pagedList(3);
      startIn(list, 3, 0, 10);
      media.finish();
      await settled();
      expect(playingId()).toBe(101);
      expect(playerState.playbackEnded).toBe(true);
      expect(playerState.playing).toBe(false);
    });

    it('should continue to the next index across pages while more results exist', async () => {
      const list = pagedList(12);
      startIn(list, 12, 9, 10, { continuous: true });
      media.finish();
      await settled();
      expect(playingId()).toBe(111);
      expect(playerState.current?.manualStart).toBe(false);
      expect(list.fetched).toEqual([{ offset: 10, limit: 10 }]);
      media.finish();
      await settled();
      expect(playingId()).toBe(112);
      media.finish();
      await settled();
      expect(playingId()).toBe(112);
      expect(playerState.playing).toBe(false);
    });

    it('should shuffle through every position of the whole list, fetching pages as needed', async () => {
      const list = pagedList(7);
      startIn(list, 7, 0, 3, { shuffle: true });
      expect(playerState.continuous).toBe(true);
      expect(playerState.shuffleOrder[0]).toBe(0);
      expect([...playerState.shuffleOrder].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const heard = [playingId()];
      for (let i = 0; i < 6; i += 1) {
        media.finish();
        await settled();
        heard.push(playingId());
      }
      expect(heard).toEqual(playerState.shuffleOrder.map((index) => 101 + index));
      expect(new Set(list.fetched.map((f) => f.offset))).toEqual(new Set([3, 6]));
    });

    it('should stop at a music piece the user may not play, with the alert', async () => {
      setPlayerUser(userWithMusic(null));
      const list = pagedList(3, { music: [1] });
      startIn(list, 3, 0, 10, { continuous: true });
      media.finish();
      await settled();
      expect(playingId()).toBe(101);
      expect(playerState.alert).toBe('This user ID cannot play music.');
    });
  });
});

describe('the players by id and the controls of spec 1 (play all, fast forward, exercise)', () => {
  let media: TestMedia;

  beforeEach(() => {
    setPlayerMedia(() => (media = new TestMedia()));
    setPlayerUser(userWithMusic('enabled'));
    resetPlayers();
    setShuffle(false);
    setContinuous(false);
    setFastForward(false);
  });
  afterEach(() => {
    resetPlayers();
    setPlayerUser(null);
    setPlayerMedia(null);
  });

  const playingId = () => playerState.current?.audioFileId;

  it('should name the player of each component as spec 1 section 3 does', () => {
    expect(playerIdOf('Favorites')).toBe('AudioFileList');
    expect(playerIdOf('Search')).toBe('AudioFileList');
    expect(playerIdOf('Recipe', { queueName: 'recipe/4/Music' })).toBe('recipe/4/Music');
    expect(playerIdOf('Recipe', { recipeId: 4 })).toBe('recipe/4');
    expect(playerIdOf('MusicChannel')).toBe('MusicChannels');
    expect(playerIdOf('Message', { messageId: 9 })).toBe('Message-9');
    expect(playerIdOf('TodaysMessages')).toBe('todaysMessages');
  });

  it('should pause the list player when a recipe starts, and take it up where it was with its list', async () => {
    const list = pagedList(3);
    startIn(list, 3, 1, 10, { continuous: true });
    media.playTo(12);
    playAudioFile({ ...file(900), source: 'Recipe', queue: { name: 'recipe/4/Music', items: [file(900), file(901)], index: 0 } });
    expect(playerState.activePlayerId).toBe('recipe/4/Music');
    expect(playerState.players.AudioFileList).toMatchObject({ audioFileId: 102, playing: false, currentTime: 12 });
    expect(playerState.players['recipe/4/Music']).toMatchObject({ audioFileId: 900, playing: true });
    media.playTo(7);

    resumePlayer('AudioFileList');
    expect(playingId()).toBe(102);
    expect(media.currentTime).toBe(12);
    expect(playerState.players.AudioFileList!.playing).toBe(true);
    expect(playerState.players['recipe/4/Music']).toMatchObject({ playing: false, currentTime: 7 });
    expect(playerState.continuous).toBe(true);
    // The list it came back to is the list's own: next goes on within it.
    await next();
    expect(playingId()).toBe(103);

    resumePlayer('recipe/4/Music');
    expect(playingId()).toBe(900);
    expect(media.currentTime).toBe(7);
    await next();
    expect(playingId()).toBe(901);
  });

  it('should keep how much of the file is loaded, from the start to the end of the range playing', () => {
    startIn(pagedList(1), 1, 0, 10);
    expect(playerState.buffered).toBe(0);
    media.loadTo(20);
    expect(playerState.buffered).toBe(20);
    media.playTo(5);
    expect(playerState.buffered).toBe(20);
    media.playTo(30);
    expect(playerState.buffered).toBe(0);
  });

  it('should name the next item only while the player goes on', () => {
    startIn(pagedList(3), 3, 0, 10);
    expect(playerState.nextPlaying).toBeNull();
    setContinuous(true);
    expect(playerState.nextPlaying).toEqual({ audioFileId: 102, name: 'File 102' });
    setContinuous(false);
    setAutoPlayNext(true);
    expect(playerState.nextPlaying).toEqual({ audioFileId: 102, name: 'File 102' });
  });

  it('should step past an unplayable item when naming the next one, and name none after the last', async () => {
    const list = pagedList(3, { unplayable: [1] });
    startIn(list, 3, 0, 10, { continuous: true });
    expect(playerState.nextPlaying?.audioFileId).toBe(103);
    await next();
    expect(playingId()).toBe(103);
    expect(playerState.nextPlaying).toBeNull();
  });

  it('should go on after the end with autoPlayNext even when continuous play is off', async () => {
    startIn(pagedList(2), 2, 0, 10, { autoPlayNext: true });
    expect(playerState.continuous).toBe(false);
    media.finish();
    await settled();
    expect(playingId()).toBe(102);
    expect(playerState.current?.manualStart).toBe(false);
  });

  it('should play all from the first item on, to the end of the list', async () => {
    const list = pagedList(12);
    startIn(list, 12, 11, 10);
    await playAll();
    expect(playingId()).toBe(101);
    expect(playerState.autoPlayNext).toBe(true);
    media.finish();
    await settled();
    expect(playingId()).toBe(102);
  });

  it('should fast forward at double speed, for the next item too, until turned off', async () => {
    startIn(pagedList(2), 2, 0, 10);
    setFastForward(true);
    expect(media.playbackRate).toBe(2);
    await next();
    expect(playingId()).toBe(102);
    expect(media.playbackRate).toBe(2);
    setFastForward(false);
    expect(media.playbackRate).toBe(1);
  });

  it('should mark the play as exercise in what the play log hears', () => {
    const heard: Array<boolean | null | undefined> = [];
    const stop = onPlayerEvent((event) => heard.push(event.item.exercise));
    startIn(pagedList(1), 1, 0, 10);
    toggleExercise();
    media.playTo(6);
    toggleExercise();
    media.playTo(7);
    stop();
    expect(heard).toEqual([undefined, true, false]);
  });

  it('should forget the players set aside on logout', () => {
    startIn(pagedList(1), 1, 0, 10);
    playAudioFile({ ...file(900), source: 'MusicChannel' });
    expect(Object.keys(playerState.players)).toEqual(['AudioFileList', 'MusicChannels']);
    setPlayerUser(null);
    expect(playerState.players).toEqual({});
    setPlayerUser(userWithMusic('enabled'));
    resumePlayer('AudioFileList');
    expect(playerState.current).toBeNull();
  });

  it('should forget the players on reset: none comes back', () => {
    startIn(pagedList(1), 1, 0, 10);
    playAudioFile({ ...file(900), source: 'MusicChannel' });
    resetPlayers();
    expect(playerState.players).toEqual({});
    resumePlayer('AudioFileList');
    expect(playerState.current).toBeNull();
  });
});
