import type { Resident, ResidentChange } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putResident(id: number, change: ResidentChange): Promise<Resident> {
  return apiRequest<Resident>(`/api/residents/${id}`, { method: 'PUT', body: change });
}
