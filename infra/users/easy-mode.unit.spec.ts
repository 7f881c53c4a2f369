import { describe, expect, it } from 'vitest';
import { UserConfig } from '../../schemas/api/user.ts';
import { easyModeKeptFlags, forceEasyMode } from './easy-mode.ts';
import { effectiveConfig } from './user-repository.ts';

describe('forceEasyMode', () => {
  const allOn = UserConfig.parse(Object.fromEntries(Object.entries(UserConfig.parse({})).map(([key, value]) => [key, typeof value === 'boolean' ? true : value])));

  it('should turn every yes/no flag off in easy mode but the kept ones', () => {
    const forced = forceEasyMode({ ...allOn, mode: 'easy' });
    const on = Object.entries(forced).filter(([, value]) => value === true).map(([key]) => key);
    expect(on.sort()).toEqual([...easyModeKeptFlags].sort());
    expect(forced).toMatchObject({ search: false, recipes: false, musicChannels: false, settings: false, messages: false, canCreateRecommendations: false, userAdmin: false });
  });

  it('should keep the mode, music, language, time zone and the easy list name', () => {
    const forced = forceEasyMode({ ...allOn, mode: 'easy', music: 'enabled', language: 'swe', timeZone: 'Europe/Stockholm', easyFavoriteListName: 'Lempimusiikki' });
    expect(forced).toMatchObject({ mode: 'easy', music: 'enabled', language: 'swe', timeZone: 'Europe/Stockholm', easyFavoriteListName: 'Lempimusiikki' });
  });

  it('should keep a restricting flag as stored, never widen a login', () => {
    expect(forceEasyMode({ ...allOn, mode: 'easy' }).showOnlyPublicReport).toBe(true);
    expect(forceEasyMode({ ...UserConfig.parse({}), mode: 'easy' }).showOnlyPublicReport).toBe(false);
  });

  it('should leave the other modes alone', () => {
    for (const mode of ['normal', 'rikssvenska', 'stage'] as const) expect(forceEasyMode({ ...allOn, mode })).toEqual({ ...allOn, mode });
  });

  it('should be what effectiveConfig answers, administrators of users included', () => {
    const config = effectiveConfig({ mode: 'easy', search: true, usageReport: true, canInviteUsers: true, favorites: true }, true);
    expect(config).toMatchObject({ mode: 'easy', search: false, usageReport: false, canInviteUsers: false, userAdmin: false, favorites: true, todaysMessages: true });
    expect(effectiveConfig({ mode: 'easy', favorites: false }, false).favorites).toBe(false);
  });
});
