import { z } from 'zod';
import { FiniteNumber, Id, Instant, SafeText } from '../common/safe.ts';

// Video chat and remote player control (spec 2 sections 4, 6 and 7). The media goes browser to
// browser (WebRTC); the server only creates the room (an event on the message's stream), hands out
// short-lived keys to it, relays the signalling over /ws within one room, and fans the owner's
// player control out to the recipients online.
//
// Calls:
//   POST /api/make-video-chat-room              {messageId}            -> VideoChatRoom
//   POST /api/make-video-chat-access-key        {messageId}            -> VideoChatAccessKey
//   POST /api/control-message-recipients-player {messageId, control}   -> ControlledRecipients

export const MessageIdBody = z.strictObject({ messageId: Id });

export const VideoChatRoom = z.object({ messageId: Id, roomId: z.string() });
export type VideoChatRoom = z.infer<typeof VideoChatRoom>;

/** One entry of RTCConfiguration.iceServers (ICE_SERVERS): a STUN or TURN server. */
export const IceServer = z.object({
  urls: z.union([SafeText.min(1).max(500), z.array(SafeText.min(1).max(500)).min(1).max(10)]),
  username: SafeText.max(500).optional(),
  credential: SafeText.max(500).optional(),
});
export type IceServer = z.infer<typeof IceServer>;

export const VideoChatAccessKey = z.object({
  messageId: Id,
  roomId: z.string(),
  /** Presented on /ws with VideoChatJoin; good for this room, this user and a few minutes. */
  key: z.string(),
  expiresAt: Instant,
  iceServers: z.array(IceServer),
});
export type VideoChatAccessKey = z.infer<typeof VideoChatAccessKey>;

/** What plays on the owner's player, so a recipient's remote player can play the same file. */
export const RemoteAudioFile = z.object({ id: Id, name: SafeText.max(500) });
export type RemoteAudioFile = z.infer<typeof RemoteAudioFile>;

/** Spec 2 section 4: remote player control carries audioFile, seekTime and playing. */
export const PlayerControlState = z.object({
  audioFile: RemoteAudioFile.nullable().optional(),
  /** Seconds into the file. */
  seekTime: FiniteNumber.min(0).max(86_400).optional(),
  playing: z.boolean().optional(),
});
export type PlayerControlState = z.infer<typeof PlayerControlState>;

export const ControlRecipientsPlayerBody = z.strictObject({ messageId: Id, control: PlayerControlState.strict() });
export type ControlRecipientsPlayerBody = z.infer<typeof ControlRecipientsPlayerBody>;

/** How many of the message's recipients the control was addressed to (whoever of them is online gets it). */
export const ControlledRecipients = z.object({ recipients: z.number().int().nonnegative() });
export type ControlledRecipients = z.infer<typeof ControlledRecipients>;

// ---- /ws: the room's signalling ------------------------------------------------------------

const RoomId = SafeText.min(1).max(100);
const PeerId = z.uuid();
/** An SDP is a few kilobytes; the limit keeps a relay (and a NOTIFY) bounded. */
const Sdp = SafeText.min(1).max(60_000);

export const VideoChatSignal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offer'), sdp: Sdp }),
  z.object({ kind: z.literal('answer'), sdp: Sdp }),
  z.object({
    kind: z.literal('candidate'),
    candidate: SafeText.max(2000),
    sdpMid: SafeText.max(100).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional(),
  }),
]);
export type VideoChatSignal = z.infer<typeof VideoChatSignal>;

/** The video chat's messages on /ws, both ways; the server stamps `from` on what it relays. */
export const videoChatLiveMessages = [
  /** Browser: enter the room the key is for. */
  z.object({ type: z.literal('VideoChatJoin'), key: SafeText.min(1).max(2000) }),
  /** Server: you are in, as `peerId`; the peers already there will call you. */
  z.object({ type: z.literal('VideoChatJoined'), roomId: RoomId, peerId: PeerId }),
  /** Server: someone entered the room; the ones already in make the offer. */
  z.object({ type: z.literal('VideoChatPeerJoined'), roomId: RoomId, peerId: PeerId }),
  /** Browser: leave the room (closing the socket does too). Server: `peerId` left. */
  z.object({ type: z.literal('VideoChatLeave'), roomId: RoomId }),
  z.object({ type: z.literal('VideoChatPeerLeft'), roomId: RoomId, peerId: PeerId }),
  /** Browser: to one peer of the room. Server: from one (`from`). */
  z.object({ type: z.literal('VideoChatSignal'), roomId: RoomId, to: PeerId.optional(), from: PeerId.optional(), signal: VideoChatSignal }),
  /** Server: a join refused (expired or wrong key); the browser shows the reason. */
  z.object({ type: z.literal('VideoChatError'), reason: SafeText.max(200) }),
] as const;
