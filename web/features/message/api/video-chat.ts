import type { ControlledRecipients, VideoChatAccessKey, VideoChatRoom, PlayerControlState } from '../../../../schemas/api/video-chat.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/make-video-chat-room {messageId}: the owner opens (or gets back) the message's room. */
export function makeVideoChatRoom(messageId: number): Promise<VideoChatRoom> {
  return apiRequest<VideoChatRoom>('/api/make-video-chat-room', { method: 'POST', body: { messageId } });
}

/** POST /api/make-video-chat-access-key {messageId}: a short-lived key to the room, and the ICE servers. */
export function makeVideoChatAccessKey(messageId: number): Promise<VideoChatAccessKey> {
  return apiRequest<VideoChatAccessKey>('/api/make-video-chat-access-key', { method: 'POST', body: { messageId } });
}

/** POST /api/control-message-recipients-player: the owner's player state to the recipients online. */
export function controlRecipientsPlayer(messageId: number, control: PlayerControlState): Promise<{ recipients: number }> {
  return apiRequest<ControlledRecipients>('/api/control-message-recipients-player', { method: 'POST', body: { messageId, control } });
}
