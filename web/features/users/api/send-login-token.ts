import { apiRequest } from '../../../lib/api-client.ts';

/** send-login-token {userId} (spec 3 section 7): a new login link by e-mail, served by the invitations' side of issue 17. */
export function sendLoginToken(userId: number): Promise<unknown> {
  return apiRequest<unknown>('/api/requests/send-login-token', { method: 'POST', body: { userId } });
}
