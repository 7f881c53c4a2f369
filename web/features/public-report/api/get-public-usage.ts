import type { PublicUsage } from '../../../../schemas/api/public-usage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getPublicUsage(userId: number, firstDay: string, lastDay: string, signal?: AbortSignal): Promise<PublicUsage> {
  return apiRequest<PublicUsage>(`/api/public-usage/${userId}/${firstDay}/${lastDay}`, { signal });
}
