import { z } from 'zod';
import { SafeText } from '../common/safe.ts';
import { languages } from './languages.ts';

export { languages };

// The user as `GET /api/` returns it, with every configuration flag of spec 3 section 3 and its
// default. Stored config holds only what differs from these defaults.

export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;
export const appModes = ['normal', 'rikssvenska', 'easy', 'stage'] as const;

export const UserConfig = z.object({
  search: z.boolean().default(true),
  favorites: z.boolean().default(true),
  favoriteLists: z.boolean().default(true),
  canCreateFavoriteLists: z.boolean().default(false),
  music: z.enum(['none', 'enabled', 'withInstructor']).nullable().default(null),
  usageReport: z.boolean().default(false),
  language: Language.default('fin'),
  todaysRecipe: z.boolean().default(false),
  recipes: z.boolean().default(true),
  musicChannels: z.boolean().default(true),
  infoButton: z.boolean().default(true),
  settings: z.boolean().default(true),
  todaysMessages: z.boolean().default(true),
  messages: z.boolean().default(true),
  msgs: z.boolean().default(false),
  games: z.boolean().default(true),
  stage: z.boolean().default(false),
  mode: z.enum(appModes).default('normal'),
  allowMultiLogin: z.boolean().default(false),
  messagePopup: z.boolean().default(false),
  evaluateAudioFiles: z.boolean().default(false),
  evaluateMessageItems: z.boolean().default(false),
  contentSearchModal: z.boolean().default(true),
  passwordChange: z.boolean().default(false),
  canCreateRecommendations: z.boolean().default(false),
  canCreateUsageReportMessages: z.boolean().default(false),
  canCreateVideoChat: z.boolean().default(false),
  easyFavoriteListName: z.string().nullable().default(null),
  showAlwaysEasyFavoriteList: z.boolean().default(false),
  messageTiming: z.boolean().default(false),
  advancedMessaging: z.boolean().default(false),
  defaultMessageTitle: z.string().nullable().default(null),
  betweenFamilies: z.boolean().default(false),
  canInviteUsers: z.boolean().default(false),
  timeZone: z.string().default('Europe/Helsinki'),
  canStartSession: z.boolean().default(false),
  canCreateResidents: z.boolean().default(false),
  canCreateActivities: z.boolean().default(false),
  residentFavoriteList: z.boolean().default(false),
  hideInAdminUsageReport: z.boolean().default(false),
  showCurrentEventsButtonAlways: z.boolean().default(true),
  msgrId: z.number().int().default(0),
  canSeeSessionWithParticipantsCount: z.boolean().default(false),
  showDetailedSessionReport: z.boolean().default(false),
  showPublicReport: z.boolean().default(false),
  showOnlyPublicReport: z.boolean().default(false),
  showPublicReportSessionCount: z.boolean().default(false),
  showPublicReportSessionTime: z.boolean().default(false),
  showSearchCategories: z.boolean().default(true),
  showAccountManagement: z.boolean().default(false),
  // Spec 3 gives both readings (true in the report screens, false in the definition); the report
  // screens are what users see, so they win.
  showUserReport: z.boolean().default(true),
  showSessionReport: z.boolean().default(true),
  showExcelDownloadButtonInReport: z.boolean().default(false),
  // Spec 3 section 2 (detailed session table) says default true; the flag list says false. The
  // screen description is the more specific one.
  showParticipantSelectionInReport: z.boolean().default(true),
  showDetailedVideoReport: z.boolean().default(false),
  showUploadTopicalFile: z.boolean().default(false),
  /** Derived: true when the user administers users or can invite users (spec 1 section 5). */
  userAdmin: z.boolean().default(false),
});
export type UserConfig = z.infer<typeof UserConfig>;
export type UserConfigFlag = keyof UserConfig;

/** What is stored per user: any subset of the flags. */
export const StoredUserConfig = UserConfig.partial();

export const CurrentUser = z.object({
  id: z.number().int(),
  name: z.string(),
  organization: z.string().nullable(),
  clientName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  language: Language,
  config: UserConfig,
  adminOfUsers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  residentId: z.number().int().nullable(),
  lastSessionToken: z.string().nullable(),
  activeUserTagGroupId: z.number().int().nullable(),
  contractStartDate: z.iso.date().nullable(),
  contractEndDate: z.iso.date().nullable(),
  infoFileId: z.number().int().nullable(),
  footerFileId: z.number().int().nullable(),
  insertedByUserId: z.number().int().nullable(),
  uiParams: z.object({
    language: Language.optional(),
    instructions: z.object({ Info: z.string().optional(), Footer: z.string().optional() }).optional(),
  }),
  /** Session-level additions. */
  admin: z.boolean(),
  publicReport: z.boolean(),
  loginTime: z.iso.datetime({ offset: true }),
  timeZone: z.string(),
  /**
   * Whose public report this login shows (spec 3 section 3): users.public_report_user_id, or for a
   * public-report token session the unit the token opens. Null: the user's own. Optional so older
   * clients and fixtures stay valid.
   */
  publicReportUserId: z.number().int().nullable().optional(),
  /** A service operator (DOMAIN.md section 4): warehouse SQL, usage rules, rebuilds. Optional for older clients. */
  operator: z.boolean().optional(),
  /**
   * Whom this user may send messages to (spec 3 section 3: the session user carries them): users
   * and user groups, and the recipients a new conversation starts with. Only GET /api/ carries
   * them, not to a public-report token session; optional so the login result may leave them out.
   */
  messageReceivers: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  messageReceiverGroups: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  /**
   * Spec 3's default-message-recipients (id: the row; dstUserId: whom a new conversation is
   * addressed to; recipientName: what they are called, the "Greetings" wording), active ones only,
   * with the recipient's display name.
   */
  defaultMessageRecipients: z
    .array(z.object({ id: z.number().int(), srcUserId: z.number().int(), dstUserId: z.number().int(), recipientName: z.string().nullable(), active: z.boolean(), name: z.string() }))
    .optional(),
  /**
   * The hosts IFrame message items may frame (IFRAME_HOSTS, schemas/api/iframe-hosts.ts): the
   * browser frames no other page. Only GET /api/ carries it; optional for older clients.
   */
  iframeHosts: z.array(z.string()).optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const GetCurrentUserQuery = z.object({
  admin: SafeText.optional(),
  jwt: SafeText.optional(),
  /** 'true': the user as the public report view shows it (spec 1 section 7). */
  publicReport: z.enum(['true', 'false']).optional(),
  time: SafeText.optional(),
});
