import type { Message } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/messages/{id}/activity {active}: the owner moves a message to the trash (false) or back. */
export function putMessageActivity(messageId: number, active: boolean): Promise<Message> {
  return apiRequest<Message>(`/api/messages/${messageId}/activity`, { method: 'PUT', body: { active } });
}
