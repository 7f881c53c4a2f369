import type { TodaysMessages } from '../../../../schemas/api/todays-messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/todays-messages: today's recommendations, whose audio items are the recommendation tiles. */
export function getTodaysMessages(): Promise<TodaysMessages> {
  return apiRequest<TodaysMessages>('/api/todays-messages');
}
