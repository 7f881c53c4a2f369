import type { Message } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A new conversation (POST /api/messages): a sent message that takes replies, to the chosen
 * recipients; the discussion is its replies. `requestId` makes a retried create make one.
 */
export function createConversation(body: { title: string; recipients: number[]; requestId: string }): Promise<Message> {
  return apiRequest<Message>('/api/messages', {
    method: 'POST',
    body: { title: body.title, recipients: body.recipients.map((id) => ({ id })), sent: true, recipientCanReply: true, requestId: body.requestId },
  });
}

/** Switches a conversation on or off (PUT /api/messages/{id}/activity): its owner's "remove" and "restore". */
export function setConversationActive(id: number, active: boolean): Promise<Message> {
  return apiRequest<Message>(`/api/messages/${id}/activity`, { method: 'PUT', body: { active } });
}
