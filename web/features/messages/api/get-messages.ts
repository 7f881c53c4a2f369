import type { MessageItemList, MessageList, GetMessagesQuery, Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type MessagesQuery = Partial<GetMessagesQuery>;

/** POST /api/get-messages {query}: the caller's messages the query narrows to, newest first. */
export function postGetMessages(query: MessagesQuery, signal?: AbortSignal): Promise<Message[]> {
  return apiRequest<MessageList>('/api/get-messages', { method: 'POST', body: { query }, signal });
}

/** POST /api/get-message-items: the items of those messages, by message and order. */
export function postGetMessageItems(messageIdList: number[], signal?: AbortSignal): Promise<MessageItem[]> {
  if (messageIdList.length === 0) return Promise.resolve([]);
  return apiRequest<MessageItemList>('/api/get-message-items', { method: 'POST', body: { messageIdList }, signal });
}
