import { MessageItemList, MessageList, type GetMessagesQuery, type Message, type MessageItem } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type MessagesQuery = Partial<GetMessagesQuery>;

/** POST /api/get-messages {query}: the caller's messages the query narrows to, newest first. */
export function postGetMessages(query: MessagesQuery, signal?: AbortSignal): Promise<Message[]> {
  return apiRequest('/api/get-messages', { method: 'POST', body: { query }, schema: MessageList, signal });
}

/** POST /api/get-message-items: the items of those messages, by message and order. */
export function postGetMessageItems(messageIdList: number[], signal?: AbortSignal): Promise<MessageItem[]> {
  if (messageIdList.length === 0) return Promise.resolve([]);
  return apiRequest('/api/get-message-items', { method: 'POST', body: { messageIdList }, schema: MessageItemList, signal });
}
