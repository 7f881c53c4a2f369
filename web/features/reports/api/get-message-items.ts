import type { z } from 'zod';
import type { MessageItemList, GetMessageItemsQuery, MessageItem } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMessageItems(body: z.input<typeof GetMessageItemsQuery>, signal?: AbortSignal): Promise<MessageItem[]> {
  return apiRequest<MessageItemList>('/api/get-message-items', { method: 'POST', body, signal });
}
