import type { z } from 'zod';
import { MessageItemList, type GetMessageItemsQuery, type MessageItem } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMessageItems(body: z.input<typeof GetMessageItemsQuery>, signal?: AbortSignal): Promise<MessageItem[]> {
  return apiRequest('/api/get-message-items', { method: 'POST', body, schema: MessageItemList, signal });
}
