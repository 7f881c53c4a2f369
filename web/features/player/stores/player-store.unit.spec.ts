import { afterEach, describe, expect, it } from 'vitest';
import { CurrentUser, UserConfig } from '../../../../schemas/api/user.ts';
import { canPlayMusic, playAudioFile, playerState, setInstructorMode, setPlayerUser } from './player-store.ts';

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
