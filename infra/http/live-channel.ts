import type { WebSocket } from 'ws';
import { LiveMessage } from '../../schemas/api/ping.ts';
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
}

export function liveChannelRoute(app: App): void {
  const sockets = new Map<number, Set<WebSocket>>();
  app.decorate('live', {
    send(userId, message) {
      const open = [...(sockets.get(userId) ?? [])].filter((s) => s.readyState === s.OPEN);
      for (const socket of open) socket.send(JSON.stringify(message));
      return open.length;
    },
  } satisfies LiveHub);

  // Checked before the upgrade, so an anonymous client gets a plain 401 answer, not a socket.
  app.get('/ws', { websocket: true, preValidation: async (request) => void requireUser(request) }, (socket, request) => {
    const { userId } = requireUser(request);
    const own = sockets.get(userId) ?? new Set<WebSocket>();
    sockets.set(userId, own.add(socket));
    socket.on('close', () => {
      own.delete(socket);
      if (own.size === 0) sockets.delete(userId);
    });
    socket.on('message', (raw) => {
      const message = parseMessage(String(raw));
      // Anything else from a browser is ignored: the channel carries no commands from clients yet.
      if (message?.type === 'Ping') socket.send(JSON.stringify({ type: 'Pong', time: message.time ?? Date.now() } satisfies LiveMessage));
    });
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
