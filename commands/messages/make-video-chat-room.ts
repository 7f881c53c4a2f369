import { randomUUID } from 'node:crypto';
import { AppError } from '../../infra/errors.ts';
import { loadUser } from '../../infra/users/user-repository.ts';
import { MessageIdBody, VideoChatRoom } from '../../schemas/api/video-chat.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { runMessageCommand } from './message-stream.ts';

// POST /api/make-video-chat-room {messageId} (spec 2 sections 4, 6 and 7): the message's owner,
// with canCreateVideoChat, opens its video chat room; the message's videoChat flag becomes true
// (VideoChatRoomCreated on message-{id}). A message has one room: asking again answers the same.
// The room id is random, so it cannot be guessed; joining it still takes an access key.
export function makeVideoChatRoomRoute(app: App): void {
  app.post('/api/make-video-chat-room', { schema: { body: MessageIdBody, response: { 200: VideoChatRoom } } }, async (request) => {
    const { userId } = requireUser(request);
    const { messageId } = request.body;
    const user = await loadUser(app.deps.sql, userId);
    if (!user?.config.canCreateVideoChat) throw new AppError('AccessDenied', 'Video chat rooms need canCreateVideoChat', { field: 'body.messageId', reason: 'canCreateVideoChat is off' });
    const { state } = await runMessageCommand(app.deps, { kind: 'createVideoChatRoom', messageId, userId, roomId: randomUUID(), at: app.deps.now().toISOString() });
    return { messageId, roomId: state.videoChatRoomId! };
  });
}
