import { Activity, type ActivityChange } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putActivity(id: number, change: ActivityChange): Promise<Activity> {
  return apiRequest(`/api/activities/${id}`, { method: 'PUT', body: change, schema: Activity });
}
