import { proxy } from 'valtio';
import type { LiveMessage } from '../../../schemas/api/ping.ts';
import { LIVE_REPLACED_CLOSE_CODE } from '../../../schemas/api/live-close-codes.ts';
import { ApiError } from '../api-client.ts';
import { getPing, type PingParams } from './get-ping.ts';

// Spec 1 sections 4 and 9: ping every 5 s (a failing ping marks the app disconnected), the /ws
// live channel reopened 5 s after it closes, and a date check every 5 s.
export const pingIntervalMs = 5000;
export const wsRetryMs = 5000;

export const connectivity = proxy({
  connected: true,
  liveOpen: false,
  /** The live channel answered our Ping: it is not only open but served. */
  livePonged: false,
  lastPing: null as null | { tokenMatch: boolean },
});

const liveListeners = new Set<(message: LiveMessage) => void>();

/**
 * Hears every message of the live channel the shell keeps open (a screen that shows something a
 * push concerns, e.g. the messenger on UnreadCountChanged); returns the function that stops.
 */
export function onLiveMessage(listener: (message: LiveMessage) => void): () => void {
  liveListeners.add(listener);
  return () => void liveListeners.delete(listener);
}

let liveSocket: WebSocket | null = null;

/**
 * Sends on the live channel the shell keeps open (a video chat's signalling); false when it is not
 * open right now (it reopens within wsRetryMs).
 */
export function sendLive(message: LiveMessage): boolean {
  if (!liveSocket || liveSocket.readyState !== WebSocket.OPEN) return false;
  liveSocket.send(JSON.stringify(message));
  return true;
}

/** A ping fails when the server cannot be reached or answers with a server error. */
export function pingFailed(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

export interface ConnectivityHooks {
  pingParams: () => PingParams;
  onLiveMessage?: (message: LiveMessage) => void;
  onDateChange?: () => void;
}

function liveUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

/** Starts the ping loop, the live channel and the date check; returns the function that stops them. */
export function startConnectivity(hooks: ConnectivityHooks): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let day = new Date().toDateString();

  const ping = async () => {
    try {
      const answer = await getPing(hooks.pingParams(), AbortSignal.timeout(pingIntervalMs - 500));
      connectivity.connected = true;
      connectivity.lastPing = { tokenMatch: answer.tokenMatch };
    } catch (error) {
      connectivity.connected = !pingFailed(error);
    }
    const today = new Date().toDateString();
    if (today !== day) {
      day = today;
      hooks.onDateChange?.();
    }
  };

  const openLive = () => {
    if (stopped) return;
    socket = new WebSocket(liveUrl());
    liveSocket = socket;
    socket.addEventListener('open', () => {
      connectivity.liveOpen = true;
      socket?.send(JSON.stringify({ type: 'Ping', time: Date.now() }));
    });
    socket.addEventListener('message', (event) => {
      const message = liveMessageOf(safeJson(String(event.data)));
      if (!message) return;
      if (message.type === 'Pong') connectivity.livePonged = true;
      // set-force-reload: the operator wants this browser on the newest app and configuration.
      if (message.type === 'ForceReload') location.reload();
      hooks.onLiveMessage?.(message);
      for (const listener of liveListeners) listener(message);
    });
    socket.addEventListener('close', (event) => {
      connectivity.liveOpen = false;
      connectivity.livePonged = false;
      if (!stopped && event.code !== LIVE_REPLACED_CLOSE_CODE) retry = setTimeout(openLive, wsRetryMs);
    });
  };

  void ping();
  const pinger = setInterval(() => void ping(), pingIntervalMs);
  openLive();
  return () => {
    stopped = true;
    clearInterval(pinger);
    clearTimeout(retry);
    socket?.close();
  };
}

/**
 * A live message as the server sent it: the server checks each against LiveMessage before it goes
 * out (server/http/live-channel.ts), so the browser only sets apart what is no message at all; a
 * type it does not know reaches the listeners, which ignore it.
 */
function liveMessageOf(data: unknown): LiveMessage | null {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string' ? (data as LiveMessage) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
