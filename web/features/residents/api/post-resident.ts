import type { Resident, NewResident } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postResident(resident: Partial<NewResident>): Promise<Resident> {
  return apiRequest<Resident>('/api/residents', { method: 'POST', body: resident });
}
