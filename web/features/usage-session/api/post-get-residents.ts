import type { ResidentList, ResidentQuery } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/get/residents: the unit's participants to choose from. */
export function postGetResidents(query: Partial<ResidentQuery>): Promise<ResidentList> {
  return apiRequest<ResidentList>('/api/get/residents', { method: 'POST', body: query });
}
