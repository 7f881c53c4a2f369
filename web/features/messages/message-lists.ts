import type { Message, MessageItem } from '../../../schemas/api/messages.ts';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import type { MessagesQuery } from './api/get-messages.ts';

// The messages screens' rules (spec 2 sections 2, 4 and 9), kept apart from React so they are
// tested on their own: which query each tab lists, its label, what is unread, how a title and a
// recipient read, and which messages pop up on load.

export const messageTabs = ['received', 'sent', 'drafts'] as const;
export type MessageTab = (typeof messageTabs)[number];

/** The spec's query names (section 9) for the three tabs. */
export const tabQueryName: Record<MessageTab, string> = { received: 'received', sent: 'sent', drafts: 'drafts' };

/** Received messages reload this often while their tab is open (spec 2 section 9). */
export const receivedPollMs = 5000;

/** How many messages a tab reads at once; the table pages them by the user's results count. */
export const listLimit = 500;

/**
 * A tab's query. The trash shows what the owner switched off (archived); outside it, received
 * messages are those active now (sent, switched on, within their period), while the owner's sent
 * messages and drafts show whatever their period.
 */
export function tabQuery(tab: MessageTab, trash: boolean): MessagesQuery {
  switch (tab) {
    case 'received':
      return trash ? { own: false, sent: true, archived: true, limit: listLimit } : { own: false, sent: true, active: true, limit: listLimit };
    case 'sent':
      return { own: true, sent: true, archived: trash, limit: listLimit };
    case 'drafts':
      return { own: true, sent: false, archived: trash, limit: listLimit };
    default: {
      const never: never = tab;
      throw new Error(`Unknown tab ${String(never)}`);
    }
  }
}

/** The games page's list (query name gameMessages): the active game messages. */
export const gameMessagesQuery: MessagesQuery = { game: true, active: true, limit: listLimit };

/** What pops up on load is chosen from the active received messages (query name activeMessages). */
export const activeReceivedQuery: MessagesQuery = { own: false, sent: true, active: true, limit: listLimit };

/** Users with default message recipients read "Greetings" in place of "Messages" (spec 2 section 1). */
export const usesGreetings = (user: Pick<CurrentUser, 'defaultMessageRecipients'>): boolean => (user.defaultMessageRecipients?.length ?? 0) > 0;

/** The tab's label: an English key of the translations. */
export function tabLabel(tab: MessageTab, greetings: boolean): string {
  if (tab === 'drafts') return 'Drafts';
  if (tab === 'received') return greetings ? 'Received Greetings' : 'Received Messages';
  return greetings ? 'Sent Greetings' : 'Sent Messages';
}

/** Bold in the lists: never read (or marked unread) by the viewer, and not their own. */
export const isUnread = (message: Pick<Message, 'readTime' | 'own'>): boolean => message.readTime === null && !message.own;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "No title" for an empty title, "Reply to: {title}" for a reply. */
export function messageTitle(message: Pick<Message, 'title' | 'replyToMessageId'>, t: Translate): string {
  const title = message.title.trim() === '' ? t('No title') : message.title;
  return message.replyToMessageId === null ? title : t('Reply to: {{title}}', { title });
}

/** Who it is from: the sender's group's messages name or their name. */
export const senderOf = (message: Pick<Message, 'senderName' | 'userName'>): string => message.senderName ?? message.userName ?? '';

/** The names a message is addressed to that the viewer may read: users (by their recipient name) and groups. */
export function recipientNames(message: Pick<Message, 'recipients' | 'recipientGroups'>): string[] {
  const users = message.recipients.map((r) => r.recipientName || r.name);
  const groups = message.recipientGroups.map((g) => g.name);
  return [...new Set([...users, ...groups].filter((name) => name.trim() !== ''))];
}

/** The recipient filter's choices (besides "All recipients"), in alphabetical order. */
export function recipientChoices(messages: readonly Message[]): string[] {
  return [...new Set(messages.flatMap(recipientNames))].sort((a, b) => a.localeCompare(b));
}

/** null: all recipients. */
export function byRecipient(messages: readonly Message[], recipient: string | null): Message[] {
  return recipient === null ? [...messages] : messages.filter((m) => recipientNames(m).includes(recipient));
}

/**
 * Spec 2 section 4: on load, pop-ups for active messages that are unread, not own, not
 * recommendations, not games and from a sender user or group, when the user's messagePopup is on
 * (the message's forcePopup is not stored yet); in reverse order: the list comes newest first, so
 * the oldest is pushed first and the newest lies on top of the stack.
 */
export function popupMessages(messages: readonly Message[], messagePopup: boolean): Message[] {
  return messages
    .filter((m) => (messagePopup || m.forcePopup) && m.messageActive && isUnread(m) && !m.recommendation && !m.game && (m.userId > 0 || m.userGroupId !== null))
    .reverse();
}

/** Markup as plain text, for a list or a pop-up. */
export function plainText(html: string): string {
  if (typeof DOMParser !== 'undefined') return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What an item is called in a list: its audio file's name, its text, or its address. */
export function itemTitle(item: Pick<MessageItem, 'audioFileName' | 'html' | 'url'>): string {
  return item.audioFileName || (item.html ? plainText(item.html) : '') || item.url || '';
}
