import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getCurrentUser(query: { time?: string } = {}): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('/api/', { query });
}
