import type { z } from 'zod';
import type { MessageList, GetMessagesQuery, Message } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMessages(query: z.input<typeof GetMessagesQuery>, signal?: AbortSignal): Promise<Message[]> {
  return apiRequest<MessageList>('/api/get-messages', { method: 'POST', body: { query }, signal });
}
