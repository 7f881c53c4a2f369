import type { AdminUserRow } from '../../../schemas/api/user-admin.ts';
import type { CurrentUser } from '../../../schemas/api/user.ts';

// Spec 3 section 6: which actions the user administration table offers on a row, and to whom.

export interface UserActions {
  changePassword: boolean;
  sendLoginLink: boolean;
  remove: boolean;
}

/**
 * 'Change Password' if the viewer's passwordChange is on and the user has no pending login link;
 * 'Send login link' if the user's betweenFamilies is on; 'Remove User' only for users the viewer
 * inserted.
 */
export function userActions(viewer: Pick<CurrentUser, 'id' | 'config'>, row: AdminUserRow): UserActions {
  return {
    changePassword: viewer.config.passwordChange && !row.pendingLoginLink,
    sendLoginLink: row.betweenFamilies,
    remove: row.insertedByUserId === viewer.id,
  };
}

/** RemoveUser: enabled only when the typed name equals the user's name exactly (spec 2 section 8). */
export const removalConfirmed = (typed: string, row: AdminUserRow): boolean => typed === row.displayName;
