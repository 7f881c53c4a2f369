import type { AdminUserList } from '../../../../schemas/api/user-admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getAdminUsers(): Promise<AdminUserList> {
  return apiRequest<AdminUserList>('/api/user-admin/users');
}
