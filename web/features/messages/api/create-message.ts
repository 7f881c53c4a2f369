import type { z } from 'zod';
import type { Message, NewMessage } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/messages: a new draft; the requestId makes a retried create one message, not two. */
export function postMessage(message: z.input<typeof NewMessage>): Promise<Message> {
  return apiRequest<Message>('/api/messages', { method: 'POST', body: message });
}
