import type { MessageItemList, MessageList, Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The message by id as the caller sees it (POST /api/get-messages); null when they see none. */
export async function getMessage(messageId: number): Promise<Message | null> {
  const [message] = await apiRequest<MessageList>('/api/get-messages', { method: 'POST', body: { query: { idList: [messageId] } } });
  return message ?? null;
}

/** Its items in order (POST /api/get-message-items). */
export function getMessageItems(messageId: number): Promise<MessageItem[]> {
  return apiRequest<MessageItemList>('/api/get-message-items', { method: 'POST', body: { messageIdList: [messageId] } });
}
