import type { LoginResult } from '../../../../schemas/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/token-login with the login link's token (spec 1 section 7: the token from the page URL). */
export function postTokenLogin(token: string): Promise<LoginResult> {
  return apiRequest<LoginResult>('/api/token-login', { method: 'POST', body: { token } });
}
