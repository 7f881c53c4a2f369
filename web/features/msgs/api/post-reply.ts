import type { Reply } from '../../../../schemas/api/message-replies.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Posts a reply (POST /api/message-replies); `requestId` makes a retried post count once. */
export function postReply(body: { messageId: number; reply: string; fileId: number | null; requestId: string }): Promise<Reply> {
  return apiRequest<Reply>('/api/message-replies', { method: 'POST', body });
}
