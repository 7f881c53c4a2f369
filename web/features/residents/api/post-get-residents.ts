import type { ResidentList, ResidentQuery } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postGetResidents(query: Partial<ResidentQuery>): Promise<ResidentList> {
  return apiRequest<ResidentList>('/api/get/residents', { method: 'POST', body: query });
}
