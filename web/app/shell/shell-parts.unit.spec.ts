import { describe, expect, it } from 'vitest';
import { UserConfig } from '../../../schemas/api/user.ts';
import { shellParts } from './shell-parts.ts';

const config = UserConfig.parse({ betweenFamilies: true, canStartSession: true });

describe('shellParts', () => {
  it('should give a public-report token session nothing but the page itself', () => {
    expect(Object.values(shellParts({ publicReport: true, config, residentId: 3 })).every((shown) => !shown)).toBe(true);
  });
  it('should give a showOnlyPublicReport password login nothing but the page either', () => {
    const onlyReport = UserConfig.parse({ showOnlyPublicReport: true, showPublicReport: true });
    expect(Object.values(shellParts({ publicReport: false, config: onlyReport, residentId: 3 })).every((shown) => !shown)).toBe(true);
  });
  it('should follow the flags for any other login', () => {
    expect(shellParts({ publicReport: false, config, residentId: null })).toEqual({
      navigation: true, settingsGear: true, messages: true, info: true, sessionBar: true, playerDock: true, favoriteLists: true, participationReport: true,
      counts: false, currentEvents: true,
    });
    const plain = shellParts({ publicReport: false, config: UserConfig.parse({ messages: false, infoButton: false, favoriteLists: false }), residentId: null });
    expect(plain).toMatchObject({ messages: false, info: false, favoriteLists: false, participationReport: false, counts: true });
    expect(shellParts({ publicReport: false, config: UserConfig.parse({}), residentId: 5 }).participationReport).toBe(true);
    // showCurrentEventsButtonAlways (on by default) puts the calendar in the top bar; off, the recipe header has it.
    expect(shellParts({ publicReport: false, config: UserConfig.parse({ showCurrentEventsButtonAlways: false }), residentId: null }).currentEvents).toBe(false);
  });
  it('should give an easy-mode login its one screen: no navigation, session bar or report link, the player kept', () => {
    const easy = UserConfig.parse({ mode: 'easy', favoriteLists: false, betweenFamilies: false });
    expect(shellParts({ publicReport: false, config: easy, residentId: 5 })).toMatchObject({ navigation: false, sessionBar: false, participationReport: false, favoriteLists: false, playerDock: true, currentEvents: false, counts: false });
  });
});
