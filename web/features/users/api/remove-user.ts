import type { RemoveUserResult } from '../../../../schemas/api/user-admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The remove-user typed request (spec 3 section 7). */
export function removeUser(userId: number): Promise<RemoveUserResult> {
  return apiRequest<RemoveUserResult>('/api/requests/remove-user', { method: 'POST', body: { userId } });
}
