import { RemovedUserList } from '../../../../schemas/api/user-admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The users the viewer administered until they removed them: their reports stay (issue 17). */
export function getRemovedUsers(): Promise<RemovedUserList> {
  return apiRequest('/api/user-admin/removed-users', { schema: RemovedUserList });
}
