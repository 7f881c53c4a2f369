import { proxy } from 'valtio';
import type { Conversation } from '../../../../schemas/api/message-replies.ts';
import { onLiveMessage } from '../../../lib/connectivity/connectivity.ts';
import { markDiscussionRead, markMessageRead } from '../../../lib/message-read-state.ts';
import { postGetMsgs } from '../api/get-msgs.ts';

// The messenger's state (spec 2 section 2, /msgs): the caller's conversations and the open one.
// Read again whenever /ws says UnreadCountChanged (a reply or a message reached the caller, or
// they read something elsewhere) and every 5 s as the fallback of spec 2 section 9.

export const msgsPollMs = 5000;

export const msgs = proxy({
  status: 'loading' as 'loading' | 'ready' | 'failed',
  conversations: [] as Conversation[],
  /** The open conversation's message id; null: the first. */
  selectedId: null as number | null,
});

let latest = 0;

/** Reads the conversations again; a failure after a success keeps what is shown (it is only logged). */
export async function loadMsgs(): Promise<void> {
  const request = ++latest;
  try {
    const conversations = await postGetMsgs();
    if (request !== latest) return;
    msgs.conversations = conversations;
    msgs.status = 'ready';
  } catch (error) {
    console.warn('Conversations failed', error);
    if (request === latest && msgs.status !== 'ready') msgs.status = 'failed';
  }
}

/** Loads now, on every live nudge and every 5 s; returns the function that stops. */
export function startMsgs(): () => void {
  void loadMsgs();
  const poll = setInterval(() => void loadMsgs(), msgsPollMs);
  const stopLive = onLiveMessage((message) => {
    if (message.type === 'UnreadCountChanged') void loadMsgs();
  });
  return () => {
    clearInterval(poll);
    stopLive();
  };
}

/** The open conversation: the chosen one while it is listed, else the most recently active. */
export function openConversation(state: { conversations: readonly Conversation[]; selectedId: number | null }): Conversation | null {
  return state.conversations.find((c) => c.id === state.selectedId) ?? state.conversations[0] ?? null;
}

/** Opens a conversation; a received one unread so far is marked read (its replies keep their own "New"). */
export async function selectConversation(id: number): Promise<void> {
  msgs.selectedId = id;
  await markOpenedRead();
}

export async function markOpenedRead(): Promise<void> {
  const open = openConversation(msgs);
  if (!open || open.own || open.readTime !== null) return;
  if (await markMessageRead(open.id, true)) await loadMsgs();
}

/** The "New" link: the discussion read up to now. */
export async function markDiscussionSeen(id: number): Promise<boolean> {
  const done = await markDiscussionRead(id, true);
  if (done) await loadMsgs();
  return done;
}

/** Index of the first reply from someone else the viewer has not read; -1: none. */
export function firstUnreadIndex(conversation: Pick<Conversation, 'replies'>): number {
  return conversation.replies.findIndex((r) => !r.own && r.readTime === null);
}

/** Reply text area height: one row per line, 1 to 10 (spec 2 section 5). */
export function replyRows(text: string): number {
  return Math.min(10, Math.max(1, text.split('\n').length));
}
