import type { Activity, NewActivity } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postActivity(activity: Pick<NewActivity, 'name'> & Partial<NewActivity>): Promise<Activity> {
  return apiRequest<Activity>('/api/activities', { method: 'POST', body: activity });
}
