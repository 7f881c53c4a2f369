import type { z } from 'zod';
import type { MessageItem, RemovedMessageItem, MessageItemChange, NewMessageItem } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/message-items: a new item, last or at `position`. */
export function postMessageItem(item: z.input<typeof NewMessageItem>): Promise<MessageItem> {
  return apiRequest<MessageItem>('/api/message-items', { method: 'POST', body: item });
}

/** PUT /api/message-items/{id}: a change of the item, or its move to `position`. */
export function putMessageItem(itemId: number, change: z.input<typeof MessageItemChange>): Promise<MessageItem> {
  return apiRequest<MessageItem>(`/api/message-items/${itemId}`, { method: 'PUT', body: change });
}

/** DELETE /api/message-items/{id}. */
export function deleteMessageItem(itemId: number): Promise<z.infer<typeof RemovedMessageItem>> {
  return apiRequest<RemovedMessageItem>(`/api/message-items/${itemId}`, { method: 'DELETE' });
}
