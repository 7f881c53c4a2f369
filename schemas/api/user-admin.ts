import { z } from 'zod';
import { Id, Instant, SafeText } from '../common/safe.ts';
import { minPasswordLength, maxPasswordLength } from './password-rules.ts';

export { minPasswordLength, maxPasswordLength };

// The user administration screen (/users, spec 3 sections 2, 6 and 7; issue 17): the users an
// administrator manages, and the set-password and remove-user requests.

export const Password = SafeText.min(minPasswordLength, `Password must have at least ${minPasswordLength} characters`).max(maxPasswordLength);

/** One user the caller administers: the row fields of spec 3 section 2 and what the action rules of section 6 need. */
export const AdminUserRow = z.object({
  id: Id,
  /** The login name. */
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The name shown in the table and typed to confirm a removal: client name, else first and last name, else the login name. */
  displayName: z.string(),
  /** The unit: for a resident's relative the resident's unit, else the user's own client name or organisation. */
  unit: z.string().nullable(),
  email: z.string().nullable(),
  residentId: Id.nullable(),
  residentName: z.string().nullable(),
  loginTokenExpires: Instant.nullable(),
  /** A login link that is not used and not expired: no Change password then (spec 3 section 6). */
  pendingLoginLink: z.boolean(),
  insertedByUserId: Id.nullable(),
  insertedByName: z.string().nullable(),
  betweenFamilies: z.boolean(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUserList = z.object({ users: z.array(AdminUserRow) });
export type AdminUserList = z.infer<typeof AdminUserList>;

/** POST /api/set-password and the set-password typed request. */
export const SetPasswordRequest = z.strictObject({ userId: Id, password: Password });
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;
export const SetPasswordResult = z.object({ userId: Id, endedSessions: z.number().int().nonnegative() });
export type SetPasswordResult = z.infer<typeof SetPasswordResult>;

/** The remove-user typed request. */
export const RemoveUserRequest = z.strictObject({ userId: Id });
export type RemoveUserRequest = z.infer<typeof RemoveUserRequest>;
/** removed false: the caller had already removed this user (a retried request). */
export const RemoveUserResult = z.object({ userId: Id, removed: z.boolean() });
export type RemoveUserResult = z.infer<typeof RemoveUserResult>;

/** Users the caller administered until they removed them (GET /api/user-admin/removed-users): their reports stay readable, labelled removed. */
export const RemovedUser = z.object({ id: Id, name: z.string(), removedAt: Instant });
export const RemovedUserList = z.object({ users: z.array(RemovedUser) });
export type RemovedUserList = z.infer<typeof RemovedUserList>;
