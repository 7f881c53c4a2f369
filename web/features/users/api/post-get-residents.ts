import type { ResidentList } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The active residents of the units the viewer administers (and their own): whom an invited relative belongs to. */
export function activeResidents(userIds: number[]): Promise<ResidentList> {
  return apiRequest<ResidentList>('/api/get/residents', { method: 'POST', body: { active: true, userIds, limit: 1000 } });
}
