import type { MessageReadTime, MessageReadTimeRequest } from '../../schemas/api/messages.ts';
import { apiRequest } from './api-client.ts';

// "Mark as read" / "Mark as unread" (spec 2 section 4), for any screen that lists or shows
// messages: the message itself, its replies (a reply thread: the discussion), or both (a whole
// conversation). Read sets the read time to now, unread to null. Failures are only logged (spec 2
// section 8); the top bar's count follows by itself (the server nudges this user's /ws sockets).

const put = async (path: string, body: MessageReadTimeRequest): Promise<boolean> => {
  try {
    await apiRequest<MessageReadTime>(path, { method: 'PUT', body });
    return true;
  } catch (error) {
    console.warn(`Read time failed: ${path}`, error);
    return false;
  }
};

const readTime = (read: boolean) => (read ? new Date().toISOString() : null);

export const markMessageRead = (messageId: number, read: boolean) => put('/api/message-read-time', { messageId, readTime: readTime(read) });

export const markDiscussionRead = (messageId: number, read: boolean) => put('/api/discussion-read-time', { messageId, readTime: readTime(read) });

/** The message and its replies, as one. */
export async function markConversationRead(messageId: number, read: boolean): Promise<boolean> {
  const [message, discussion] = await Promise.all([markMessageRead(messageId, read), markDiscussionRead(messageId, read)]);
  return message && discussion;
}
