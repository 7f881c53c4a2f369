import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { WebSocket } from 'ws';
import { LIVE_REPLACED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '../../schemas/api/live-close-codes.ts';
import { LiveMessage } from '../../schemas/api/ping.ts';
import { hashSessionToken, isSessionLive } from '../../infra/auth/sessions.ts';
import { verifyVideoChatKey } from '../../infra/auth/video-chat-key.ts';
import { invalidRequest } from '../../infra/errors.ts';
import { createLiveBus, type LiveEnvelope, type LiveTarget } from '../../infra/live/live-bus.ts';
import { requireUser } from './auth.ts';
import type { App } from './zod.ts';

// The /ws live channel (spec 1 section 7, spec 2 section 4): Ping is answered with Pong; the server
// pushes PlayerControl and unread-count nudges to a user's open sockets; a video chat's browsers
// exchange their WebRTC signalling (offer, answer, ICE candidates) through it, within one room,
// after joining with an access key. Media never passes here: only the signalling does.
//
// Fan-out (`publish`) goes through Postgres NOTIFY (infra/live/live-bus.ts), so a socket on another
// app instance gets it too; `send` reaches this instance's sockets only.

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

export interface LiveHub {
  /** Sends to every open socket of the user on this instance; returns how many got it. */
  send(userId: number, message: LiveMessage): number;
  /** Sends to every open socket of the users, on whichever instance holds them. */
  publish(userIds: readonly number[], message: LiveMessage): Promise<void>;
  /** Closes the user's sockets opened by one session (its logout); returns how many. */
  endSession(userId: number, sessionToken: string): number;
}

/**
 * A user's open sockets on one instance: a tablet, a phone and a few tabs. The next upgrade closes
 * the oldest, so one account cannot hold hundreds of sockets.
 */
export const MAX_SOCKETS_PER_USER = 8;

/** WebSocket close code for "policy violation": here, frames faster than the channel allows. */
const TOO_MANY_FRAMES_CLOSE_CODE = 1008;

/**
 * Frames a socket may send: a burst of 200 (a video call's ICE candidates come in bursts), then 20
 * a second. The browser itself pings once per socket and signals a call; a client over it is
 * closed, so a flood costs a bounded amount of work whoever sends it.
 */
const FRAME_BURST = 200;
const FRAMES_PER_SECOND = 20;

/** A token bucket per socket, on the monotonic clock (the app's clock is the users' time, not this). */
function frameBudget(): () => boolean {
  let tokens = FRAME_BURST;
  let at = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(FRAME_BURST, tokens + ((now - at) / 1000) * FRAMES_PER_SECOND);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * Closes a socket that sent too fast, and stops reading it at once: what it already sent is not
 * parsed, so a flood costs this instance no more than its budget. The close frame goes out; a
 * client that does not answer it is cut a second later.
 */
function overBudget(socket: WebSocket): void {
  socket.close(TOO_MANY_FRAMES_CLOSE_CODE, 'Too many messages');
  socket.pause();
  setTimeout(() => socket.terminate(), 1000).unref();
}

/** A socket's place in a video chat room. */
interface Peer {
  socket: WebSocket;
  roomId: string;
}

export function liveChannelRoute(app: App): void {
  const sockets = new Map<number, Set<WebSocket>>();
  /** The session (token hash) each socket was opened with, so its logout closes it. */
  const sessionOf = new WeakMap<WebSocket, string>();
  /** The room peers on this instance, by peer id; a socket may be in one room at a time. */
  const peers = new Map<string, Peer>();
  const peerOf = new WeakMap<WebSocket, string>();
  const openOf = (userId: number) => [...(sockets.get(userId) ?? [])].filter((s) => s.readyState === s.OPEN);
  const sendTo = (socket: WebSocket, message: LiveMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  /** Delivers what any instance published to the sockets this one holds. */
  const deliver = ({ to, message }: LiveEnvelope) => {
    const parsed = LiveMessage.safeParse(message);
    if (!parsed.success) return;
    if ('users' in to) {
      for (const userId of to.users) for (const socket of openOf(userId)) sendTo(socket, parsed.data);
      return;
    }
    for (const [peerId, peer] of peers) {
      if (peer.roomId !== to.room || peerId === to.except || (to.peer !== undefined && peerId !== to.peer)) continue;
      sendTo(peer.socket, parsed.data);
    }
  };
  const bus = createLiveBus(app.deps.sql, deliver, (error) => app.log.warn({ err: error }, 'live channel fan-out failed'));
  // Awaited at start-up so a failed LISTEN fails the start, not the first push (handled here at
  // once so that, until then, it is no unhandled rejection).
  bus.catch(() => undefined);
  app.addHook('onReady', async () => void (await bus));
  app.addHook('onClose', async () => (await bus.catch(() => null))?.close());
  const publish = async (to: LiveTarget, message: LiveMessage) => (await bus).publish({ to, message });

  app.decorate('live', {
    send(userId, message) {
      const open = openOf(userId);
      for (const socket of open) socket.send(JSON.stringify(message));
      return open.length;
    },
    async publish(userIds, message) {
      if (userIds.length > 0) await publish({ users: [...userIds] }, message);
    },
    endSession(userId, sessionToken) {
      const ended = openOf(userId).filter((s) => sessionOf.get(s) === hashSessionToken(sessionToken));
      for (const socket of ended) socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      return ended.length;
    },
  } satisfies LiveHub);

  /** The socket leaves its room: the others hear of it. */
  const leave = async (socket: WebSocket) => {
    const peerId = peerOf.get(socket);
    const peer = peerId === undefined ? undefined : peers.get(peerId);
    if (!peerId || !peer) return;
    peers.delete(peerId);
    peerOf.delete(socket);
    await publish({ room: peer.roomId, except: peerId }, { type: 'VideoChatPeerLeft', roomId: peer.roomId, peerId });
  };

  // Checked before the upgrade, so an anonymous client gets a plain 401 answer, not a socket. A
  // plain GET (no upgrade) is answered in the error shape of every other route. The query takes
  // nothing, and is validated before the session like every route's input (a malformed request is
  // a 400 whoever sends it).
  app.route({
    method: 'GET',
    url: '/ws',
    schema: { querystring: z.strictObject({}) },
    preHandler: async (request) => void requireUser(request),
    handler: async () => {
      throw invalidRequest('The live channel is a WebSocket: send an Upgrade request');
    },
    wsHandler: (socket, request) => {
      const session = requireUser(request);
      const { userId } = session;
      sessionOf.set(socket, hashSessionToken(session.sessionToken));
      const own = sockets.get(userId) ?? new Set<WebSocket>();
      sockets.set(userId, own.add(socket));
      // A Set keeps insertion order: the first still open is the oldest.
      for (const oldest of [...own].filter((s) => s !== socket).slice(0, Math.max(0, own.size - MAX_SOCKETS_PER_USER))) {
        own.delete(oldest);
        oldest.close(LIVE_REPLACED_CLOSE_CODE, 'Too many live sockets');
      }
      const withinBudget = frameBudget();
      // One session check at a time per socket: pings that come while one runs share its answer.
      let sessionCheck: Promise<boolean> | null = null;
      const sessionLive = () =>
        (sessionCheck ??= isSessionLive(app.deps.sql, session, app.deps.now())
          .then((live) => live !== null, () => false)
          .finally(() => (sessionCheck = null)));
      socket.on('close', () => {
        own.delete(socket);
        if (own.size === 0) sockets.delete(userId);
        void leave(socket).catch((error: unknown) => app.log.warn({ err: error }, 'video chat leave failed'));
      });
      socket.on('message', async (raw) => {
        if (socket.readyState !== socket.OPEN) return undefined;
        if (!withinBudget()) return overBudget(socket);
        const message = parseMessage(String(raw));
        if (!message) return;
        try {
          switch (message.type) {
            case 'Ping': {
              // A socket outlives the request that opened it: a ping asks again whether its session
              // lives, so one ended elsewhere (another instance, a deactivation) is closed at the
              // latest then. A failed check closes too (the browser reconnects, and the upgrade asks again).
              if (!(await sessionLive())) return socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
              return sendTo(socket, { type: 'Pong', time: message.time ?? Date.now() });
            }
            case 'VideoChatJoin': {
              // The key names the room and the user it was given to (make-video-chat-access-key):
              // another user's key, an expired one or a forged one opens nothing.
              const grant = verifyVideoChatKey(app.deps.config.jwtSecret, message.key, app.deps.now());
              if (grant === 'expired') return sendTo(socket, { type: 'VideoChatError', reason: 'The access key has expired' });
              if (grant === 'invalid' || grant.userId !== userId) return sendTo(socket, { type: 'VideoChatError', reason: 'The access key is not valid' });
              await leave(socket);
              const peerId = randomUUID();
              peers.set(peerId, { socket, roomId: grant.roomId });
              peerOf.set(socket, peerId);
              sendTo(socket, { type: 'VideoChatJoined', roomId: grant.roomId, peerId });
              return await publish({ room: grant.roomId, except: peerId }, { type: 'VideoChatPeerJoined', roomId: grant.roomId, peerId });
            }
            case 'VideoChatSignal': {
              // Only within the room this socket joined, to a peer of it; the sender is stamped here.
              const from = peerOf.get(socket);
              const peer = from === undefined ? undefined : peers.get(from);
              if (!from || !peer || peer.roomId !== message.roomId || !message.to) return undefined;
              return await publish({ room: peer.roomId, peer: message.to }, { type: 'VideoChatSignal', roomId: peer.roomId, from, signal: message.signal });
            }
            case 'VideoChatLeave':
              return await leave(socket);
            // Anything else from a browser is ignored: those are the server's messages.
            default:
              return undefined;
          }
        } catch (error) {
          app.log.warn({ err: error }, 'live channel message failed');
        }
      });
    },
  });
}

function parseMessage(text: string): LiveMessage | null {
  try {
    const parsed = LiveMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
