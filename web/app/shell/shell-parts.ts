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
  /** The footer's counts of this month's usage, where no Report link stands (spec 1 section 2). */
  counts: boolean;
  /** The calendar of current events always at hand (showCurrentEventsButtonAlways; spec 2 section 2). */
  currentEvents: boolean;
}

/** A login that may read only the public report: the rtoken session, or a user with showOnlyPublicReport. */
export const publicReportOnly = (user: Pick<CurrentUser, 'publicReport' | 'config'>): boolean => user.publicReport || user.config.showOnlyPublicReport;

export function shellParts(user: Pick<CurrentUser, 'publicReport' | 'config' | 'residentId'>): ShellParts {
  const { config } = user;
  // A showOnlyPublicReport login (with a password) is held to the same page: the server refuses it
  // every other call, so the shell must not make them.
  if (publicReportOnly(user)) {
    return { navigation: false, settingsGear: false, messages: false, info: false, sessionBar: false, playerDock: false, favoriteLists: false, participationReport: false, counts: false, currentEvents: false };
  }
  // Easy mode (spec 1 section 4) is the resident's one screen: it has its own two sub-mode buttons.
  const easy = config.mode === 'easy';
  return {
    navigation: !easy,
    settingsGear: true,
    messages: config.messages,
    info: config.infoButton,
    sessionBar: !easy,
    playerDock: true,
    favoriteLists: config.favoriteLists,
    participationReport: !easy && (config.betweenFamilies || user.residentId !== null),
    counts: !easy && !config.betweenFamilies && user.residentId === null,
    currentEvents: !easy && config.showCurrentEventsButtonAlways,
  };
}
