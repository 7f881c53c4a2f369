import { UserConfig, type Language } from '../../schemas/api/user.ts';

// Demo accounts: care units with residents and activities, an administrator of the units, a
// relative of one resident and a public-report login. All share one password (README).

export const demoPassword = 'sointu-demo';
export const demoPublicReportToken = 'demo-public-report';

export type StoredConfig = Partial<UserConfig>;

const defaults = UserConfig.parse({});

/** Only what differs from the defaults is stored (schemas/api/user.ts). */
export function differingFromDefaults(config: StoredConfig): StoredConfig {
  return Object.fromEntries(Object.entries(config).filter(([flag, value]) => defaults[flag as keyof UserConfig] !== value));
}

export interface DemoUnit {
  name: string;
  organization: string;
  clientName: string;
  email: string;
  language: Language;
  userGroup: string;
  config: StoredConfig;
  residents: Array<[firstName: string, lastName: string, identification: string]>;
  activities: Array<[name: string, active: boolean]>;
  /** The unit's own instructions (uiParams.instructions.Info, HTML), shown by the Info button. */
  instructions?: string;
  /** The unit's own footer text (uiParams.instructions.Footer, HTML), shown instead of the default footer. */
  footer?: string;
  /**
   * The unit's footer file (users.footer_file_id: an HTML file its administrator put up), shown
   * when the unit has no footer text of its own (tools/seed/demo-footer-files.ts).
   */
  footerFile?: { name: string; html: string };
}

// Units make their own favorite lists (the flag is checked on the server, default false).
const unitFlags: StoredConfig = { canStartSession: true, usageReport: true, canCreateResidents: true, canCreateActivities: true, canCreateFavoriteLists: true, music: 'enabled' };

export const demoUserGroups = [
  { name: 'Kotikallio care home', messagesName: 'Kotikallio', description: 'Demo care home with two wards.' },
  { name: 'Metsärinne service home', messagesName: 'Metsärinne', description: 'Demo service home.' },
  { name: 'Solgården', messagesName: 'Solgården', description: 'Demo care home in Stockholm.' },
];

export const demoUnits: DemoUnit[] = [
  {
    name: 'caregiver',
    organization: 'Kotikallio care home',
    clientName: 'Kotikallio, Ward A',
    email: 'ward-a@kotikallio.example',
    language: 'fin',
    userGroup: 'Kotikallio care home',
    // Its report is public (demoPublicUser, the demo rtoken): both columns of spec 3's public report.
    // Its own report also has the detailed session table (residents named and totalled) and video views.
    config: {
      ...unitFlags,
      // The messenger (/msgs) with its relative: tests/e2e/messenger.e2e.spec.ts.
      msgs: true,
      // Video calls with relatives from a message (spec 2 sections 4 and 6).
      canCreateVideoChat: true,
      evaluateAudioFiles: true,
      // The staff writes rich messages (spec 2 section 6): item types, moves, HTML, and their timing.
      advancedMessaging: true,
      messageTiming: true,
      evaluateMessageItems: true,
      showPublicReport: true,
      showPublicReportSessionCount: true,
      showPublicReportSessionTime: true,
      showDetailedSessionReport: true,
      showDetailedVideoReport: true,
    },
    instructions:
      '<h3>Näin käytät Sointua</h3><p>Valitse ohjelma tai musiikki ja paina <strong>toista</strong>. Soitin näkyy sivun alareunassa.</p><p>Apua saat osoitteesta ward-a@kotikallio.example.</p>',
    residents: [
      ['Aino', 'Virtanen', 'A-101'],
      ['Eino', 'Korhonen', 'A-102'],
      ['Helmi', 'Mäkinen', 'A-103'],
      ['Toivo', 'Nieminen', 'A-104'],
      ['Lempi', 'Hämäläinen', 'A-105'],
      ['Väinö', 'Laine', 'A-106'],
      ['Saima', 'Heikkinen', 'A-107'],
      ['Onni', 'Koskinen', 'A-108'],
    ],
    activities: [
      ['Morning exercise', true],
      ['Sing-along', true],
      ['Reminiscence', true],
      ['Outdoor walk', true],
      ['Music listening', true],
      ['Bingo', false],
    ],
  },
  {
    name: 'kotikallio-b',
    organization: 'Kotikallio care home',
    clientName: 'Kotikallio, Ward B',
    email: 'ward-b@kotikallio.example',
    language: 'fin',
    userGroup: 'Kotikallio care home',
    config: unitFlags,
    residents: [
      ['Martta', 'Lehtinen', 'B-201'],
      ['Veikko', 'Salminen', 'B-202'],
      ['Elli', 'Rantanen', 'B-203'],
      ['Urho', 'Karjalainen', 'B-204'],
      ['Hilja', 'Lindholm', 'B-205'],
    ],
    activities: [
      ['Chair gymnastics', true],
      ['Sing-along', true],
      ['Baking', true],
    ],
  },
  {
    name: 'metsarinne',
    organization: 'Metsärinne service home',
    clientName: 'Metsärinne',
    email: 'hoitajat@metsarinne.example',
    language: 'fin',
    userGroup: 'Metsärinne service home',
    config: { ...unitFlags, music: 'withInstructor' },
    // Spec 1 section 2: a footer help text of the unit's own replaces the default contact footer.
    footer: '<p><strong>Metsärinne</strong>: musiikkihetki arkisin klo 14 päiväsalissa. Kysy ohjaajalta: Laura, p. 040 765 4321.</p>',
    residents: [
      ['Kerttu', 'Hiltunen', '1'],
      ['Arvo', 'Turunen', '2'],
      ['Impi', 'Jokinen', '3'],
      ['Reino', 'Manninen', '4'],
      ['Tyyne', 'Savolainen', '5'],
    ],
    activities: [
      ['Morning exercise', true],
      ['Reminiscence', true],
      ['Garden club', true],
    ],
  },
  {
    // In Stockholm, so day boundaries of its reports fall an hour after the Finnish units'.
    name: 'solgarden',
    organization: 'Solgården äldreboende',
    clientName: 'Solgården',
    email: 'personal@solgarden.example',
    language: 'swe',
    userGroup: 'Solgården',
    config: { ...unitFlags, language: 'swe', timeZone: 'Europe/Stockholm' },
    // Copied from the home's web page as such files are, its script and inline handler too: the
    // footer shows the text and drops those (web/lib/safe-html.ts; tests/e2e/footer-file.e2e.spec.ts).
    footerFile: {
      name: 'solgarden-sidfot.html',
      html: [
        '<p><strong>Solgården äldreboende</strong> · Personalen: <a href="tel:+46812345678">08-123 456 78</a> · personal@solgarden.example</p>',
        '<details open ontoggle="window.footerScriptRan = true"><summary>Besökstider</summary>Alla dagar 10–19. Allsång i matsalen på fredagar kl. 14.</details>',
        '<script>window.footerScriptRan = true;</script>',
      ].join('\n'),
    },
    residents: [
      ['Astrid', 'Lindqvist', 'S-1'],
      ['Gustav', 'Berg', 'S-2'],
      ['Ingrid', 'Holm', 'S-3'],
      ['Sven', 'Ekström', 'S-4'],
    ],
    activities: [
      ['Morgongymnastik', true],
      ['Allsång', true],
      ['Promenad', true],
    ],
  },
];

export const demoAdmin = {
  name: 'admin',
  organization: 'Kotikallio care home',
  firstName: 'Anneli',
  lastName: 'Järvinen',
  email: 'anneli.jarvinen@kotikallio.example',
  administers: demoUnits.map((unit) => unit.name),
  config: {
    usageReport: true,
    showDetailedSessionReport: true,
    showDetailedVideoReport: true,
    showExcelDownloadButtonInReport: true,
    showParticipantSelectionInReport: true,
    canSeeSessionWithParticipantsCount: true,
    showUserReport: true,
    showSessionReport: true,
    showAccountManagement: true,
    showPublicReport: true,
    showPublicReportSessionCount: true,
    showPublicReportSessionTime: true,
    canInviteUsers: true,
    canCreateUsageReportMessages: true,
    passwordChange: true,
    // The settings tab's topical file for the units (spec 3 section 2).
    showUploadTopicalFile: true,
  } satisfies StoredConfig,
};

/** A family member of the caregiver unit's first resident. */
export const demoRelative = {
  name: 'relative',
  firstName: 'Pekka',
  lastName: 'Virtanen',
  email: 'pekka.virtanen@example.com',
  unit: 'caregiver',
  resident: ['Aino', 'Virtanen'] as const,
  // Calls the unit from the message view and plays Mum's songs on its tablet (spec 2 section 4).
  config: { betweenFamilies: true, music: 'enabled', msgs: true, canCreateVideoChat: true } satisfies StoredConfig,
};

/**
 * A resident of Ward B on their own tablet in easy mode (spec 1 section 4): the greeting, today's
 * recommendations and their easy favorite list, like and dislike. Easy mode forces most flags off
 * on the server (infra/users/easy-mode.ts); the list is made by demo-favorites.ts.
 */
export const demoEasyUser = {
  name: 'easy',
  firstName: 'Martta',
  lastName: 'Lehtinen',
  unit: 'kotikallio-b',
  resident: ['Martta', 'Lehtinen'] as const,
  config: { mode: 'easy', music: 'enabled', easyFavoriteListName: 'Martan lempimusiikki', showAlwaysEasyFavoriteList: true } satisfies StoredConfig,
};

/**
 * A family member the administrator added (inserted_by admin, administered by admin): the /users
 * screen offers 'Remove User' for them (spec 3 section 6). Logs in with `demoPassword` too.
 */
export const demoAdminInvited = {
  name: 'liisa',
  firstName: 'Liisa',
  lastName: 'Mäkinen',
  email: 'liisa.makinen@example.com',
  unit: 'caregiver',
  resident: ['Helmi', 'Mäkinen'] as const,
  config: { betweenFamilies: true, msgs: true } satisfies StoredConfig,
};

/**
 * Relatives the administrator invited (issue 17 deliverable 9): no password yet, a login link
 * pending (days to go) or expired (days ago, negative), shown as 'Link Expires' on /users. The
 * link's token is random and kept only hashed: the administrator sends a new one ('Send login link').
 */
export const demoInvitedRelatives = [
  { email: 'liisa.virtanen@example.com', firstName: 'Liisa', lastName: 'Virtanen', unit: 'caregiver', resident: ['Aino', 'Virtanen'], language: 'fin', linkDays: 6 },
  { email: 'kalle.korhonen@example.com', firstName: 'Kalle', lastName: 'Korhonen', unit: 'caregiver', resident: ['Eino', 'Korhonen'], language: 'fin', linkDays: -3 },
  { email: 'anna.lehtinen@example.com', firstName: 'Anna', lastName: 'Lehtinen', unit: 'kotikallio-b', resident: ['Martta', 'Lehtinen'], language: 'eng', linkDays: 2 },
  { email: 'sara.lindqvist@example.se', firstName: 'Sara', lastName: 'Lindqvist', unit: 'solgarden', resident: ['Astrid', 'Lindqvist'], language: 'swe', linkDays: -10 },
] as const;

/** Sees only the public report of the caregiver unit (also reachable by its token). */
export const demoPublicUser = {
  name: 'public',
  organization: 'Kotikallio care home',
  clientName: 'Kotikallio public report',
  reportOf: 'caregiver',
  config: { showOnlyPublicReport: true, showPublicReport: true, showPublicReportSessionCount: true, showPublicReportSessionTime: true } satisfies StoredConfig,
};

/**
 * Service staff (DOMAIN.md section 4): warehouse SQL, usage rules and rebuilds for every unit. No
 * unit's pages: the operator lands on the rebuild screen.
 */
export const demoOperator = {
  name: 'operator',
  organization: 'Sointu service',
  firstName: 'Olli',
  lastName: 'Operaattori',
  email: 'operator@sointu.example',
  config: {
    search: false,
    favorites: false,
    favoriteLists: false,
    recipes: false,
    musicChannels: false,
    settings: false,
    todaysMessages: false,
    messages: false,
    games: false,
  } satisfies StoredConfig,
};

/**
 * Whom each demo login may message (migration 010). The relative writes to their resident's unit
 * and its care home (the unit is the default recipient of a new conversation); a unit to its
 * residents' relatives and its administrator; the administrator to the units they administer and
 * those units' care homes. The public-report login and the operator send nothing.
 */
export function demoMessageReceivers(): Array<{ from: string; users: string[]; groups: string[]; defaults: Array<[user: string, recipientName: string]> }> {
  const groupOf = (unitName: string) => demoUnits.find((unit) => unit.name === unitName)!.userGroup;
  const relativeUnit = demoUnits.find((unit) => unit.name === demoRelative.unit)!;
  return [
    { from: demoRelative.name, users: [relativeUnit.name], groups: [relativeUnit.userGroup], defaults: [[relativeUnit.name, relativeUnit.clientName]] },
    ...demoUnits.map((unit) => ({
      from: unit.name,
      users: [...(unit.name === demoRelative.unit ? [demoRelative.name] : []), ...(demoAdmin.administers.includes(unit.name) ? [demoAdmin.name] : [])],
      groups: [],
      defaults: [],
    })),
    { from: demoAdmin.name, users: [...demoAdmin.administers, demoAdminInvited.name], groups: [...new Set(demoAdmin.administers.map(groupOf))], defaults: [] },
    { from: demoAdminInvited.name, users: [demoAdminInvited.unit], groups: [], defaults: [] },
  ];
}

/** The five logins of the README, all with `demoPassword`; the other units share it too. */
export const demoLogins = ['caregiver', 'admin', 'relative', 'public', 'operator'] as const;
export const allDemoUserNames = [...demoUnits.map((unit) => unit.name), demoAdmin.name, demoRelative.name, demoAdminInvited.name, demoPublicUser.name, demoOperator.name, demoEasyUser.name];
