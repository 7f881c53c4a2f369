import { UserConfig, type CurrentUser } from '../../schemas/api/user.ts';
import type { Session } from '../auth/session.ts';
import type { UserRecord } from './user-repository.ts';

/**
 * The user as the browser loads it (GET /api/ and the login result): the record plus this session's
 * facts. `publicReportView` (GET /api/?publicReport=true) asks for the user as the public report
 * shows it, whatever the session.
 */
export function toCurrentUser(user: UserRecord, session: Session, { publicReportView = false } = {}): CurrentUser {
  if (session.publicReport) return toPublicReportVisitor(user, session);
  if (publicReportView) return toPublicReportView(user, session);
  return {
    id: user.id,
    name: user.name,
    organization: user.organization,
    clientName: user.clientName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    language: user.language,
    config: user.config,
    adminOfUsers: user.adminOfUsers,
    residentId: user.residentId,
    lastSessionToken: user.lastSessionToken,
    activeUserTagGroupId: user.activeUserTagGroupId,
    contractStartDate: user.contractStartDate,
    contractEndDate: user.contractEndDate,
    infoFileId: user.infoFileId,
    footerFileId: user.footerFileId,
    insertedByUserId: user.insertedByUserId,
    uiParams: user.uiParams,
    admin: session.admin,
    publicReport: session.publicReport,
    loginTime: session.loginTime,
    timeZone: user.config.timeZone,
    publicReportUserId: user.publicReportUserId,
    operator: user.operator,
  };
}

/**
 * What a public-report token session (rtoken) loads: the public report page needs the unit's
 * display name, language and time zone, whose report it reads, and the two column flags (spec 3
 * sections 2 and 3). A token is a link that travels, so the unit's email, login name, person
 * names, administered users, playback session token, contract, files and other flags are left out:
 * the fields the shape requires are empty and every other flag is off. Spec 3 section 3 lists
 * todaysMessages, messages, favorites and usageReport as on in this view in the old client; the
 * server refuses those routes to a token session, so they are off here too.
 */
function toPublicReportVisitor(user: UserRecord, session: Session): CurrentUser {
  const off = Object.fromEntries(Object.entries(UserConfig.parse({})).map(([key, value]) => [key, typeof value === 'boolean' ? false : value]));
  const config = UserConfig.parse({
    ...off,
    language: user.config.language,
    timeZone: user.config.timeZone,
    showPublicReport: true,
    showOnlyPublicReport: true,
    showPublicReportSessionCount: user.config.showPublicReportSessionCount,
    showPublicReportSessionTime: user.config.showPublicReportSessionTime,
  });
  return {
    id: user.id,
    // The unit as the report names it; the login name only when the unit has no other name.
    name: user.clientName ?? user.organization ?? user.name,
    organization: user.organization,
    clientName: user.clientName,
    firstName: null,
    lastName: null,
    email: null,
    language: user.language,
    config,
    adminOfUsers: [],
    residentId: null,
    lastSessionToken: null,
    activeUserTagGroupId: null,
    contractStartDate: null,
    contractEndDate: null,
    infoFileId: null,
    footerFileId: null,
    insertedByUserId: null,
    uiParams: user.uiParams.language ? { language: user.uiParams.language } : {},
    admin: false,
    publicReport: true,
    loginTime: session.loginTime,
    timeZone: user.config.timeZone,
    // A token session always reads a unit's report: the token's own user when it names no other.
    publicReportUserId: user.publicReportUserId ?? user.id,
    operator: false,
  };
}

/** Spec 3 section 3: in the public-report view only these flags may be on. */
const publicReportViewFlags = ['todaysMessages', 'messages', 'favorites', 'usageReport'] as const;

/**
 * GET /api/?publicReport=true from a logged-in user: the public-report view of that user (spec 1
 * section 7, spec 3 section 3), the visitor's shape with only todaysMessages, messages, favorites
 * and usageReport left as the user has them. A user session may use those routes, unlike a token
 * session; the view never turns on a flag the user lacks, so it opens nothing on the server side.
 */
function toPublicReportView(user: UserRecord, session: Session): CurrentUser {
  const visitor = toPublicReportVisitor(user, session);
  const kept = Object.fromEntries(publicReportViewFlags.map((flag) => [flag, user.config[flag]]));
  return { ...visitor, config: UserConfig.parse({ ...visitor.config, ...kept }) };
}
