import { z } from 'zod';
import type { WebSocket } from 'ws';
import { LiveMessage } from '../../schemas/api/ping.ts';
import { hashSessionToken, isSessionLive } from '../../infra/auth/sessions.ts';
import { invalidRequest } from '../../infra/errors.ts';
import { requireUser } from './auth.ts';
import type { App } from './zod.ts';

// The /ws live channel (spec 1 section 7): Ping is answered with Pong; the server pushes
// PlayerControl to all open sockets of a user through `app.live.send`.

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

export interface LiveHub {
  /** Sends to every open socket of the user; returns how many got it. */
  send(userId: number, message: LiveMessage): number;
  /** Closes the user's sockets opened by one session (its logout); returns how many. */
  endSession(userId: number, sessionToken: string): number;
}

/** WebSocket close code for "your session ended": the 4000-4999 range is the application's. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export function liveChannelRoute(app: App): void {
  const sockets = new Map<number, Set<WebSocket>>();
  /** The session (token hash) each socket was opened with, so its logout closes it. */
  const sessionOf = new WeakMap<WebSocket, string>();
  const openOf = (userId: number) => [...(sockets.get(userId) ?? [])].filter((s) => s.readyState === s.OPEN);
  app.decorate('live', {
    send(userId, message) {
      const open = openOf(userId);
      for (const socket of open) socket.send(JSON.stringify(message));
      return open.length;
    },
    endSession(userId, sessionToken) {
      const ended = openOf(userId).filter((s) => sessionOf.get(s) === hashSessionToken(sessionToken));
      for (const socket of ended) socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      return ended.length;
    },
  } satisfies LiveHub);

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
      socket.on('close', () => {
        own.delete(socket);
        if (own.size === 0) sockets.delete(userId);
      });
      socket.on('message', async (raw) => {
        const message = parseMessage(String(raw));
        // Anything else from a browser is ignored: the channel carries no commands from clients yet.
        if (message?.type !== 'Ping') return;
        // A socket outlives the request that opened it: a ping asks again whether its session lives,
        // so one ended elsewhere (another instance, a deactivation) is closed at the latest then. A
        // failed check closes too (the browser reconnects, and the upgrade asks again).
        const live = await isSessionLive(app.deps.sql, session, app.deps.now()).catch(() => null);
        if (!live) return socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
        socket.send(JSON.stringify({ type: 'Pong', time: message.time ?? Date.now() } satisfies LiveMessage));
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
