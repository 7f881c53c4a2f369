import type { RemovedUserList } from '../../../../schemas/api/user-admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The users the viewer administered until they removed them: their reports stay (issue 17). */
export function getRemovedUsers(): Promise<RemovedUserList> {
  return apiRequest<RemovedUserList>('/api/user-admin/removed-users');
}
