import type { ParkedEvent } from '../../../../schemas/api/projections.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/projections/{name}/park {eventId, version}: the last resort, that version skips the event. */
export function postParkEvent(name: string, version: number, eventId: string): Promise<ParkedEvent> {
  return apiRequest<ParkedEvent>(`/api/admin/projections/${encodeURIComponent(name)}/park`, { method: 'POST', body: { eventId, version } });
}
