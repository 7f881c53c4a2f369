import { LoginResult, type LoginRequest } from '../../../../schemas/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postLogin(request: LoginRequest): Promise<LoginResult> {
  return apiRequest('/api/login', { method: 'POST', body: request, schema: LoginResult });
}
