import type { ActivityList, ActivityQuery } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/get/activities: the unit's activities to choose from. */
export function postGetActivities(query: Partial<ActivityQuery>): Promise<ActivityList> {
  return apiRequest<ActivityList>('/api/get/activities', { method: 'POST', body: query });
}
