import type { ConversationList, Conversation } from '../../../../schemas/api/message-replies.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The caller's conversations, the most recently active first (POST /api/get-msgs). */
export function postGetMsgs(): Promise<Conversation[]> {
  return apiRequest<ConversationList>('/api/get-msgs', { method: 'POST', body: { query: {} } });
}
