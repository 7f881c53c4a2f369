import { z } from 'zod';
import { SafeText } from '../common/safe.ts';
import { CurrentUser } from './user.ts';

export const LoginRequest = z.strictObject({
  username: SafeText.min(1).max(200),
  password: SafeText.min(1).max(1000),
  /** When true the answer carries a JWT that the browser sends as a bearer token. */
  jwt: z.boolean().optional(),
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

/** Contract alerts (spec 1 section 5); `{email}` is replaced with the contact address. */
export const contractAlerts = {
  notStarted: 'Your subscription has not yet started. You can start using the service when the contract period starts.',
  ended: 'Your subscription has ended. To continue using the service, please contact {email}.',
} as const;
