import { proxy, ref } from 'valtio';
import type { Message } from '../../../../schemas/api/messages.ts';
import { postGetMessages } from '../api/get-messages.ts';
import { putMessageActivity } from '../api/set-message-activity.ts';
import { tabQuery, type MessageTab } from '../message-lists.ts';

// The messages screens' state: the open tab's list, the trash toggle and the recipient filter. The
// list is held as a ref (never proxied): the table reads it as it came.

export interface MessageListState {
  tab: MessageTab;
  trash: boolean;
  /** null: all recipients. */
  recipient: string | null;
  status: 'loading' | 'loaded' | 'failed';
  messages: Message[];
}

export const messageList = proxy<MessageListState>({ tab: 'received', trash: false, recipient: null, status: 'loading', messages: ref([]) });

let latest = 0;

/**
 * Reads the tab's list. A quiet reload (the received tab's polling, a live nudge) keeps the rows
 * shown meanwhile and a failure of it changes nothing; an answer to an older request is dropped.
 */
export async function loadMessageList(quiet = false): Promise<void> {
  const request = ++latest;
  const { tab, trash } = messageList;
  if (!quiet) messageList.status = 'loading';
  try {
    const messages = await postGetMessages(tabQuery(tab, trash));
    if (request !== latest) return;
    // An unchanged answer keeps the rows as they are: a new array would send the table back to
    // its first page every 5 s while the received tab polls.
    if (JSON.stringify(messages) !== JSON.stringify(messageList.messages)) messageList.messages = ref(messages);
    messageList.status = 'loaded';
  } catch (error) {
    if (request !== latest) return;
    if (quiet) console.warn('Messages reload failed', error);
    else messageList.status = 'failed';
  }
}

/** Shows a tab and reads its list; another tab's rows and filter are cleared first. */
export function openTab(tab: MessageTab): void {
  if (messageList.tab !== tab) {
    messageList.tab = tab;
    messageList.recipient = null;
    messageList.messages = ref([]);
  }
  void loadMessageList();
}

export function setTrash(trash: boolean): void {
  messageList.trash = trash;
  void loadMessageList();
}

export function setRecipient(recipient: string | null): void {
  messageList.recipient = recipient;
}

/** Moves a message to the trash (active false) or back, then reads the list again. */
export async function setMessageActive(messageId: number, active: boolean): Promise<void> {
  await putMessageActivity(messageId, active);
  await loadMessageList(true);
}
