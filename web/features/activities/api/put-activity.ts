import type { Activity, ActivityChange } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putActivity(id: number, change: ActivityChange): Promise<Activity> {
  return apiRequest<Activity>(`/api/activities/${id}`, { method: 'PUT', body: change });
}
