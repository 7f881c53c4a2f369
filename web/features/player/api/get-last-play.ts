import type { LastPlayResponse } from '../../../../schemas/api/library.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/last-play: tokenMatch, and a play by another login of the account in the last 10 minutes. */
export function getLastPlay(): Promise<LastPlayResponse> {
  return apiRequest<LastPlayResponse>('/api/last-play');
}
