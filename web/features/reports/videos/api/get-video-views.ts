import type { VideoViews } from '../../../../../schemas/api/usage-details.ts';
import { apiRequest } from '../../../../lib/api-client.ts';

/** GET /api/video-views/{userId}/{first}/{last}: the period's video views, local dates and times. */
export function getVideoViews(userId: number, firstDay: string, lastDay: string, signal?: AbortSignal): Promise<VideoViews> {
  return apiRequest<VideoViews>(`/api/video-views/${userId}/${firstDay}/${lastDay}`, { signal });
}
