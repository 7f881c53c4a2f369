import { ActivityList, type ActivityQuery } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postGetActivities(query: Partial<ActivityQuery>): Promise<ActivityList> {
  return apiRequest('/api/get/activities', { method: 'POST', body: query, schema: ActivityList });
}
