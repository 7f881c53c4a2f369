import { proxy, ref, subscribe } from 'valtio';
import type { LiveMessage } from '../../../../schemas/api/ping.ts';
import type { IceServer, PlayerControlState, VideoChatSignal } from '../../../../schemas/api/video-chat.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { connectivity, onLiveMessage, sendLive } from '../../../lib/connectivity/connectivity.ts';
import { pause, playAudioFile, playerState, resume, seekTo } from '../../../lib/player/player-store.ts';
import { playSilence } from '../../../lib/silent-audio.ts';
import { searchAudioFiles } from '../api/item-choices.ts';
import { controlRecipientsPlayer, makeVideoChatAccessKey, makeVideoChatRoom } from '../api/video-chat.ts';

// The video chat of a message (spec 2 section 4) and its remote player control. The media goes
// browser to browser over WebRTC; the product's own /ws carries the signalling: join the room with
// a key (make-video-chat-access-key), then the peers already in it offer to each newcomer, the
// newcomer answers, and ICE candidates follow both ways. While in the room, the message's owner
// broadcasts what their player does (control-message-recipients-player); a recipient is asked once
// (the Hydrate modal) before their player follows.

export type VideoChatStatus = 'idle' | 'connecting' | 'connected' | 'left' | 'failed';

/** Why the camera or microphone could not be used: refused, or none there. */
export type MediaProblem = 'denied' | 'missing' | null;

interface Peer {
  connection: RTCPeerConnection;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
}

export const videoChat = proxy({
  messageId: null as number | null,
  status: 'idle' as VideoChatStatus,
  /** The reason of a failure, shown in "Failed to connect to video chat: {reason}". */
  reason: null as string | null,
  mediaProblem: null as MediaProblem,
  /** The message has a room: it had one when loaded, or this browser made it. */
  roomMade: false,
  localStream: null as MediaStream | null,
  /** The other peers' streams and their RTCPeerConnection.connectionState, by peer id. */
  remotes: {} as Record<string, { stream: MediaStream | null; state: RTCPeerConnectionState }>,
  /** Recipient side: a control waiting for "Allow Remote Control" or "Ignore" (the Hydrate modal). */
  pendingControl: null as PlayerControlState | null,
  /** Recipient side: whether this message's sender may control the player. */
  remoteControl: 'ask' as 'ask' | 'allowed' | 'ignored',
  /** Recipient side: what the sender last had playing (the remote player's label). */
  remoteFile: null as { id: number; name: string } | null,
});

let roomId: string | null = null;
let ownPeerId: string | null = null;
let iceServers: IceServer[] = [];
let owner = false;
const peers = new Map<string, Peer>();
let stopListening: (() => void) | null = null;
let stopBroadcast: (() => void) | null = null;
let stopRejoining: (() => void) | null = null;

const reasonOf = (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : String(error));

function fail(reason: string): void {
  hangUp();
  videoChat.status = 'failed';
  videoChat.reason = reason;
}

/** Sends on /ws, waiting up to 10 s for the live channel to (re)open. */
async function send(message: LiveMessage): Promise<void> {
  for (let waited = 0; !sendLive(message); waited += 250) {
    if (waited >= 10_000) throw new Error('the live channel is not open');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Opens the message's video chat: the owner makes the room first when it has none. Camera and
 * microphone are asked for before anything is sent, so a refusal is said plainly.
 */
export async function joinVideoChat(messageId: number, options: { own: boolean; hasRoom: boolean }): Promise<void> {
  if (videoChat.status === 'connecting' || videoChat.status === 'connected') return;
  Object.assign(videoChat, { messageId, status: 'connecting', reason: null, mediaProblem: null, remotes: {}, roomMade: options.hasRoom });
  owner = options.own;
  try {
    const media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    videoChat.localStream = ref(media);
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    videoChat.mediaProblem = name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied';
    fail(reasonOf(error));
    return;
  }
  try {
    if (options.own && !videoChat.roomMade) await makeVideoChatRoom(messageId);
    stopListening?.();
    stopListening = onLiveMessage((message) => void onSignal(message).catch((error: unknown) => fail(reasonOf(error))));
    await enterRoom(messageId);
    stopRejoining = rejoinAfterReconnect(messageId);
    if (owner) stopBroadcast = broadcastPlayer(messageId);
  } catch (error) {
    fail(reasonOf(error));
  }
}

/** Joins the room with a fresh key (keys are short-lived: each join asks for one). */
async function enterRoom(messageId: number): Promise<void> {
  const access = await makeVideoChatAccessKey(messageId);
  roomId = access.roomId;
  iceServers = access.iceServers;
  videoChat.roomMade = true;
  await send({ type: 'VideoChatJoin', key: access.key });
}

/**
 * The live channel reopens 5 s after it closes, but the server forgot this browser's place in the
 * room with the old socket, and the others hung up on it: drop the old connections and join again,
 * so the others call anew.
 */
function rejoinAfterReconnect(messageId: number): () => void {
  let open = connectivity.liveOpen;
  return subscribe(connectivity, () => {
    const reopened = connectivity.liveOpen && !open;
    open = connectivity.liveOpen;
    if (!reopened || (videoChat.status !== 'connecting' && videoChat.status !== 'connected')) return;
    for (const peer of peers.values()) peer.connection.close();
    peers.clear();
    showRemotes();
    void enterRoom(messageId).catch((error: unknown) => fail(reasonOf(error)));
  });
}

/** Leaves the room: the others are told, the camera is released. */
export function leaveVideoChat(): void {
  if (roomId) sendLive({ type: 'VideoChatLeave', roomId });
  hangUp();
  videoChat.status = 'left';
}

/** Closes every connection and the camera (leaving, failing, or the page going away). */
function hangUp(): void {
  for (const peer of peers.values()) peer.connection.close();
  peers.clear();
  stopListening?.();
  stopListening = null;
  stopBroadcast?.();
  stopBroadcast = null;
  stopRejoining?.();
  stopRejoining = null;
  for (const track of videoChat.localStream?.getTracks() ?? []) track.stop();
  videoChat.localStream = null;
  videoChat.remotes = {};
  roomId = null;
  ownPeerId = null;
}

/** The page showing the chat went away: leave it. */
export function closeVideoChat(): void {
  if (videoChat.status === 'connecting' || videoChat.status === 'connected') leaveVideoChat();
  Object.assign(videoChat, { messageId: null, status: 'idle', reason: null, mediaProblem: null, roomMade: false, pendingControl: null, remoteControl: 'ask', remoteFile: null });
}

function showRemotes(): void {
  videoChat.remotes = Object.fromEntries([...peers].map(([id, peer]) => [id, { stream: peer.stream ? ref(peer.stream) : null, state: peer.state }]));
  const states = [...peers.values()].map((p) => p.state);
  if (states.includes('connected')) videoChat.status = 'connected';
  else if (videoChat.status === 'connected') videoChat.status = 'connecting';
}

function connectionTo(peerId: string): Peer {
  const existing = peers.get(peerId);
  if (existing) return existing;
  const connection = new RTCPeerConnection({ iceServers });
  const peer: Peer = { connection, stream: null, state: connection.connectionState };
  peers.set(peerId, peer);
  for (const track of videoChat.localStream?.getTracks() ?? []) connection.addTrack(track, videoChat.localStream!);
  connection.addEventListener('icecandidate', ({ candidate }) => {
    if (!candidate || !roomId) return;
    sendLive({ type: 'VideoChatSignal', roomId, to: peerId, signal: { kind: 'candidate', candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex } });
  });
  connection.addEventListener('track', ({ streams }) => {
    peer.stream = streams[0] ?? null;
    showRemotes();
  });
  connection.addEventListener('connectionstatechange', () => {
    peer.state = connection.connectionState;
    showRemotes();
    if (connection.connectionState === 'failed') fail('the connection failed');
  });
  return peer;
}

async function signal(to: string, message: VideoChatSignal): Promise<void> {
  if (roomId) await send({ type: 'VideoChatSignal', roomId, to, signal: message });
}

async function onSignal(message: LiveMessage): Promise<void> {
  switch (message.type) {
    case 'VideoChatJoined':
      ownPeerId = message.peerId;
      return;
    case 'VideoChatError':
      return fail(message.reason);
    case 'VideoChatPeerJoined': {
      // The one already in the room calls the newcomer.
      if (message.roomId !== roomId || message.peerId === ownPeerId) return;
      const { connection } = connectionTo(message.peerId);
      const offer = await connection.createOffer();
      await connection.setLocalDescription(offer);
      return signal(message.peerId, { kind: 'offer', sdp: offer.sdp ?? '' });
    }
    case 'VideoChatSignal': {
      if (message.roomId !== roomId || !message.from) return;
      const { connection } = connectionTo(message.from);
      const incoming = message.signal;
      if (incoming.kind === 'offer') {
        await connection.setRemoteDescription({ type: 'offer', sdp: incoming.sdp });
        const answer = await connection.createAnswer();
        await connection.setLocalDescription(answer);
        return signal(message.from, { kind: 'answer', sdp: answer.sdp ?? '' });
      }
      if (incoming.kind === 'answer') return connection.setRemoteDescription({ type: 'answer', sdp: incoming.sdp });
      return connection.addIceCandidate({ candidate: incoming.candidate, sdpMid: incoming.sdpMid ?? null, sdpMLineIndex: incoming.sdpMLineIndex ?? null });
    }
    case 'VideoChatPeerLeft': {
      if (message.roomId !== roomId) return;
      peers.get(message.peerId)?.connection.close();
      peers.delete(message.peerId);
      showRemotes();
      return;
    }
    default:
      return;
  }
}

// ---- remote player control -------------------------------------------------------------------

/** Owner side: sends what the player does while in the room: another file, play or pause, a seek. */
function broadcastPlayer(messageId: number): () => void {
  let last: { id: number | null; playing: boolean; time: number; at: number } | null = null;
  const push = () => {
    const current = playerState.current;
    const now = Date.now();
    const time = playerState.currentTime;
    const id = current?.audioFileId ?? null;
    const expected = last ? last.time + (last.playing ? (now - last.at) / 1000 : 0) : 0;
    const changed = !last || last.id !== id || last.playing !== playerState.playing || Math.abs(time - expected) > 3;
    if (!changed) return;
    last = { id, playing: playerState.playing, time, at: now };
    const control: PlayerControlState = { audioFile: current ? { id: current.audioFileId, name: current.name } : null, seekTime: Math.max(0, time), playing: playerState.playing };
    void controlRecipientsPlayer(messageId, control).catch(() => undefined);
  };
  return subscribe(playerState, push);
}

/** Recipient side: PlayerControl for the message in view asks first, then is followed. */
export function followRemoteControl(messageId: number): () => void {
  return onLiveMessage((message) => {
    if (message.type !== 'PlayerControl' || message.messageId !== messageId || videoChat.messageId !== messageId) return;
    if (videoChat.remoteControl === 'ignored') return;
    if (videoChat.remoteControl === 'ask') {
      videoChat.pendingControl = message.control;
      return;
    }
    void applyControl(message.control);
  });
}

/** "Allow Remote Control": primes playback (a 1-second silent file, in the click's gesture) and follows. */
export function allowRemoteControl(): void {
  void playSilence();
  videoChat.remoteControl = 'allowed';
  const control = videoChat.pendingControl;
  videoChat.pendingControl = null;
  if (control) void applyControl(control);
}

/** "Ignore": this message's sender does not control the player. */
export function ignoreRemoteControl(): void {
  videoChat.remoteControl = 'ignored';
  videoChat.pendingControl = null;
}

/**
 * Plays what the sender's player plays: their file (through this user's own stream URL, logged as
 * a play from a message like any other), at their position, playing or paused.
 */
async function applyControl(control: PlayerControlState): Promise<void> {
  const file = control.audioFile;
  if (file === null) {
    pause();
    videoChat.remoteFile = null;
    return;
  }
  if (file && playerState.current?.audioFileId !== file.id) {
    const [audio] = (await searchAudioFiles({ ids: [file.id], limit: 1 })).items;
    if (!audio?.streamUrl) return;
    videoChat.remoteFile = { id: file.id, name: audio.name };
    playAudioFile({ audioFileId: audio.id, name: audio.name, artist: audio.artist ?? audio.composer, length: audio.length, streamUrl: audio.streamUrl, type: audio.type, source: 'Message', manualStart: false });
  } else if (file) videoChat.remoteFile = { id: file.id, name: file.name };
  if (control.seekTime !== undefined && Math.abs(playerState.currentTime - control.seekTime) > 2) seekTo(control.seekTime);
  if (control.playing === false) pause();
  else if (control.playing === true && !playerState.playing) resume();
}
