import type { ResidentUsage } from '../../../../schemas/api/public-usage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getResidentUsage(residentId: number, firstDay: string, lastDay: string, signal?: AbortSignal): Promise<ResidentUsage> {
  return apiRequest<ResidentUsage>(`/api/resident-usage/${residentId}/${firstDay}/${lastDay}`, { signal });
}
