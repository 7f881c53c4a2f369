import type { z } from 'zod';
import type { Message, MessageChange } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/messages/{id}: title, recipients, timing, sent (send, restore as draft). */
export function putMessage(messageId: number, change: z.input<typeof MessageChange>): Promise<Message> {
  return apiRequest<Message>(`/api/messages/${messageId}`, { method: 'PUT', body: change });
}
