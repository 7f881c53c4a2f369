import { subscribe } from 'valtio';
import { ApiError } from '../../../lib/api-client.ts';
import { connectivity } from '../../../lib/connectivity/connectivity.ts';
import { postPlayerLog } from '../api/post-player-log.ts';
import { onPlayerEvent, playerUser } from '../../../lib/player/player-store.ts';
import { PlayLogOutbox } from './play-log-outbox.ts';
import { PlayLogWriter, postIntervalMs } from './play-log-writer.ts';

/** 400 is the server refusing the samples themselves; anything else (offline, 401, 5xx) may pass later. */
const isRefused = (error: unknown) => error instanceof ApiError && error.status === 400;

export const playLogWriter = new PlayLogWriter({
  outbox: new PlayLogOutbox(),
  post: postPlayerLog,
  isRefused,
  now: () => Date.now(),
  // Admin sessions are not logged (spec 1 section 4, spec 3 section 6).
  userId: () => {
    const user = playerUser();
    return user && !user.admin ? user.id : null;
  },
});

/** Runs the play-log writer for the logged-in user; returns the function that stops it. */
export function startPlayLog(): () => void {
  const unsubscribePlayer = onPlayerEvent((event) => playLogWriter.observe(event));
  const timer = setInterval(() => void playLogWriter.flush(), postIntervalMs);
  let wasConnected = connectivity.connected;
  const unsubscribeConnectivity = subscribe(connectivity, () => {
    if (connectivity.connected && !wasConnected) void playLogWriter.flush();
    wasConnected = connectivity.connected;
  });
  const online = () => void playLogWriter.flush();
  window.addEventListener('online', online);
  // Samples left from an earlier visit (closed while offline) go now.
  void playLogWriter.flush();
  return () => {
    unsubscribePlayer();
    clearInterval(timer);
    unsubscribeConnectivity();
    window.removeEventListener('online', online);
  };
}
