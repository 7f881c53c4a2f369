import type { z } from 'zod';
import type { Done } from '../../../../schemas/api/invitations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** send-password-reset-email {userNameOrEmail} (spec 3 section 7): mails a reset code. */
export function postSendPasswordResetEmail(userNameOrEmail: string): Promise<z.infer<typeof Done>> {
  return apiRequest<Done>('/api/requests/send-password-reset-email', { method: 'POST', body: { userNameOrEmail } });
}

/** reset-password {userNameOrEmail, passwordResetCode, password}: a wrong or expired code is 'Password reset code invalid.' */
export function postResetPassword(request: { userNameOrEmail: string; passwordResetCode: string; password: string }): Promise<z.infer<typeof Done>> {
  return apiRequest<Done>('/api/requests/reset-password', { method: 'POST', body: request });
}

/** POST /api/first-password {password}: an invited user's password, after the login link. */
export function postFirstPassword(password: string): Promise<z.infer<typeof Done>> {
  return apiRequest<Done>('/api/first-password', { method: 'POST', body: { password } });
}
