import type { ActivityList, ActivityQuery } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postGetActivities(query: Partial<ActivityQuery>): Promise<ActivityList> {
  return apiRequest<ActivityList>('/api/get/activities', { method: 'POST', body: query });
}
