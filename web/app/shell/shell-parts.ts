import type { CurrentUser } from '../../../schemas/api/user.ts';

/**
 * Which parts of the shell a login gets. A public-report token session (rtoken) may read the
 * public report and nothing else (spec 3 section 6): no navigation, settings, messages, sessions,
 * player or favorites, whose calls the server would refuse anyway.
 */
export interface ShellParts {
  navigation: boolean;
  settingsGear: boolean;
  messages: boolean;
  info: boolean;
  sessionBar: boolean;
  playerDock: boolean;
  favoriteLists: boolean;
  participationReport: boolean;
}

export function shellParts(user: Pick<CurrentUser, 'publicReport' | 'config' | 'residentId'>): ShellParts {
  const { config } = user;
  if (user.publicReport) {
    return { navigation: false, settingsGear: false, messages: false, info: false, sessionBar: false, playerDock: false, favoriteLists: false, participationReport: false };
  }
  return {
    navigation: true,
    settingsGear: true,
    messages: config.messages,
    info: config.infoButton,
    sessionBar: true,
    playerDock: true,
    favoriteLists: config.favoriteLists,
    participationReport: config.betweenFamilies || user.residentId !== null,
  };
}
