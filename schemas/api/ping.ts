import { z } from 'zod';
import { Id, SafeText } from '../common/safe.ts';
import { PlayerControlState, videoChatLiveMessages } from './video-chat.ts';

export const PingQuery = z.object({
  lastSessionToken: SafeText.max(200).optional(),
  admin: SafeText.optional(),
});

export const PingResponse = z.object({
  /** The server asks the browser to reload (set-force-reload). */
  forceReload: z.boolean(),
  /** False when a newer login of the same account took over playback. */
  tokenMatch: z.boolean(),
  lastSessionToken: z.string().nullable(),
  /** Interface state an administrator set for this user (user-state), or null. */
  state: z.unknown().nullable(),
});
export type PingResponse = z.infer<typeof PingResponse>;

/** Messages on the /ws live channel. */
export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Ping'), time: z.number().optional() }),
  z.object({ type: z.literal('Pong'), time: z.number().optional() }),
  /** Server to browser: the owner of a video-chat message controls the recipient's remote player (spec 2 section 4). */
  z.object({ type: z.literal('PlayerControl'), messageId: Id.optional(), control: PlayerControlState }),
  /** Server to browser: the user's unread messages may have changed; read GET /api/unread-messages-count again. */
  z.object({ type: z.literal('UnreadCountChanged') }),
  /** Server to browser: load the app again (set-force-reload, after a release or a changed configuration). */
  z.object({ type: z.literal('ForceReload') }),
  ...videoChatLiveMessages,
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
