import { apiRequest } from '../../../lib/api-client.ts';

export function postLogout(): Promise<unknown> {
  return apiRequest<unknown>('/api/logout', { method: 'POST' });
}
