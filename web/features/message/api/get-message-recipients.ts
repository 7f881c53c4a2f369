import type { MessageRecipientsResponse } from '../../../../schemas/api/message-recipients.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/message-recipients: whom the caller may address, people and groups. */
export function getMessageRecipients(): Promise<MessageRecipientsResponse> {
  return apiRequest<MessageRecipientsResponse>('/api/message-recipients');
}
