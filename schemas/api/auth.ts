import { z } from 'zod';
import { SafeText } from '../common/safe.ts';
import { CurrentUser } from './user.ts';
import { contractAlerts } from './contract-alerts.ts';

export { contractAlerts };

export const LoginRequest = z.strictObject({
  username: SafeText.min(1).max(200),
  password: SafeText.min(1).max(1000),
  /** When true the answer carries a JWT that the browser sends as a bearer token. */
  jwt: z.boolean().optional(),
  /**
   * The admin-password login (spec 1 section 4, issue 17 item 5): an administrator logs in to a
   * unit they administer (`username`) with their own name here and their own `password`. The
   * session has the admin flag: it logs no plays, shows Track Clicks and leaves the unit's
   * playback alone; the login is recorded in the audit log.
   */
  adminUsername: SafeText.min(1).max(200).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenLoginRequest = z.strictObject({ token: SafeText.min(1).max(500) });

export const LoginResult = z.object({
  user: CurrentUser,
  baseUrl: z.string(),
  jwt: z.string().optional(),
  admin: z.boolean().optional(),
  /** A login link of an account without a password (an invitation): the browser asks for one next. */
  needsPassword: z.boolean().optional(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** login-as-user {userId} (spec 3 section 7): a support login to a user the caller administers. */
export const LoginAsUserRequest = z.strictObject({ userId: z.number().int().positive().max(2_147_483_647) });
export const LoginAsUserResult = z.object({ jwt: z.string() });
