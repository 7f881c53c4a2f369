import type { CurrentUser } from '../../schemas/api/user.ts';
import type { Session } from '../http/session.ts';
import type { UserRecord } from './user-repository.ts';

/** The user as the browser loads it (GET /api/ and the login result): the record plus this session's facts. */
export function toCurrentUser(user: UserRecord, session: Session): CurrentUser {
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
    // A token session always reads a unit's report: the token's own user when it names no other.
    publicReportUserId: user.publicReportUserId ?? (session.publicReport ? user.id : null),
    operator: user.operator,
  };
}
