import type { LoginResult, LoginRequest } from '../../../../schemas/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postLogin(request: LoginRequest): Promise<LoginResult> {
  return apiRequest<LoginResult>('/api/login', { method: 'POST', body: request });
}
