import { AppError } from '../../infra/errors.ts';
import { ControlRecipientsPlayerBody, ControlledRecipients } from '../../schemas/api/video-chat.ts';
import { requireUser } from '../../server/http/auth.ts';
import { addresseesOf } from '../../server/http/unread-push.ts';
import type { App } from '../../server/http/zod.ts';
import { loadMessageState } from './message-stream.ts';

// POST /api/control-message-recipients-player {messageId, control} (spec 2 sections 4 and 7): the
// owner of a video-chat message broadcasts their player's state {audioFile, seekTime, playing} to
// the message's recipients who are online, as PlayerControl over /ws on whichever app instance
// holds their sockets. A recipient's browser asks before following it (the Hydrate modal). Nothing
// is stored: a control is only for whoever is there to hear it.
export function controlMessageRecipientsPlayerRoute(app: App): void {
  app.post('/api/control-message-recipients-player', { schema: { body: ControlRecipientsPlayerBody, response: { 200: ControlledRecipients } } }, async (request) => {
    const { userId } = requireUser(request);
    const { messageId, control } = request.body;
    const refuse = (kind: 'NotFound' | 'AccessDenied' | 'InvalidRequest', reason: string) => new AppError(kind, undefined, { field: 'body.messageId', reason });
    const state = await loadMessageState(app.deps, messageId);
    if (!state.exists) throw refuse('NotFound', 'No such message');
    if (state.ownerId !== userId) throw refuse('AccessDenied', "Only the message's owner controls its recipients' players");
    if (state.videoChatRoomId === null) throw refuse('InvalidRequest', 'The message has no video chat room');
    // A draft has reached nobody yet.
    const recipients = state.sent ? [...(await addresseesOf(app.deps.sql, state))].filter((id) => id !== userId) : [];
    await app.live.publish(recipients, { type: 'PlayerControl', messageId, control });
    return { recipients: recipients.length };
  });
}
