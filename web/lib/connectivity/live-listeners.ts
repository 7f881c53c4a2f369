import type { LiveMessage } from '../../../schemas/api/ping.ts';

// What the /ws live channel says, for screens that follow it while they are open (a received list
// reloads on UnreadCountChanged): the shell hands every message here; a screen listens while
// mounted and stops on unmount.

type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();

/** Listens until the returned function is called. */
export function addLiveListener(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishLiveMessage(message: LiveMessage): void {
  for (const listener of [...listeners]) listener(message);
}
