import type { z } from 'zod';
import { MessageList, type GetMessagesQuery, type Message } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMessages(query: z.input<typeof GetMessagesQuery>, signal?: AbortSignal): Promise<Message[]> {
  return apiRequest('/api/get-messages', { method: 'POST', body: { query }, schema: MessageList, signal });
}
