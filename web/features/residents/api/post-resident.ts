import { Resident, type NewResident } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postResident(resident: Partial<NewResident>): Promise<Resident> {
  return apiRequest('/api/residents', { method: 'POST', body: resident, schema: Resident });
}
