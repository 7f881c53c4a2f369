import { signVideoChatKey } from '../../infra/auth/video-chat-key.ts';
import { AppError } from '../../infra/errors.ts';
import { MessageIdBody, VideoChatAccessKey } from '../../schemas/api/video-chat.ts';
import { seenBy } from '../../domain/messages/message-access.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// POST /api/make-video-chat-access-key {messageId} (spec 2 section 7): a key to the message's
// video chat room for whoever sees the message (its owner; once sent, its recipients and their
// groups' members: domain/messages/message-access.ts), good for that room, that user and a few
// minutes (infra/auth/video-chat-key.ts), with the STUN/TURN servers to call through. Someone
// else's message and one without a room are the same NotFound, so no id can be probed.
export function makeVideoChatAccessKeyRoute(app: App): void {
  app.post('/api/make-video-chat-access-key', { schema: { body: MessageIdBody, response: { 200: VideoChatAccessKey } } }, async (request) => {
    const { userId } = requireUser(request);
    const { messageId } = request.body;
    const { sql, config, now } = app.deps;
    const [row] = await sql.query<{ video_chat_room_id: string | null }>(`SELECT m.video_chat_room_id FROM messages m WHERE m.id = $2 AND ${seenBy('$1')}`, [userId, messageId]);
    if (!row?.video_chat_room_id) throw new AppError('NotFound', undefined, { field: 'body.messageId', reason: 'No video chat room on a message this user sees' });
    const roomId = row.video_chat_room_id;
    const { key, expiresAt } = signVideoChatKey(config.jwtSecret, { roomId, messageId, userId }, now());
    return { messageId, roomId, key, expiresAt, iceServers: config.iceServers ?? [] };
  });
}
