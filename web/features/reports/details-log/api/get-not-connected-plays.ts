import type { NotConnectedPlays } from '../../../../../schemas/api/usage-details-log.ts';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { LogPageArgs } from './get-usage-details-log.ts';

/** GET /api/not-connected-plays/{userId}/{first}/{last}: one page of the plays outside started sessions. */
export function getNotConnectedPlays({ userId, firstDay, lastDay, offset, limit }: LogPageArgs, signal?: AbortSignal): Promise<NotConnectedPlays> {
  return apiRequest<NotConnectedPlays>(`/api/not-connected-plays/${userId}/${firstDay}/${lastDay}`, {
    query: { offset: String(offset), limit: String(limit) },
    signal,
  });
}
